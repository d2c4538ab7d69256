/**
 * An e-mail queued as a document of the `mail` collection, in the format of Firebase's
 * Trigger Email extension, which sends it once installed.
 */
export interface MailDocument {
  to: string;
  message: { subject: string; text: string; html: string };
  /**
   * When a mail carrying a sign-in link stops mattering; stored as `expires_at`, the field of
   * the collection's Firestore TTL policy, which then deletes the document (and its link).
   */
  expiresAt?: Date;
}

/** How long the documents of reset and verification mails are kept. */
export const PASSWORD_RESET_MAIL_LIFETIME_MS = 60 * 60 * 1000;
export const VERIFICATION_MAIL_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export function welcomeMail(
  to: string,
  firstName: string,
  appOrigin: string | undefined,
): MailDocument {
  const loginUrl = appOrigin ? `${appOrigin}/auth?mode=login` : undefined;
  const text = [
    `Hi ${firstName},`,
    '',
    'Welcome to Coursecraft! Your account is ready.',
    loginUrl
      ? `Log in to start authoring your first course: ${loginUrl}`
      : 'Log in to start authoring your first course.',
    '',
    'The Coursecraft team',
  ].join('\n');
  const link = loginUrl ? ` <a href="${escapeHtml(loginUrl)}">Log in</a>` : ' Log in';
  const html =
    `<p>Hi ${escapeHtml(firstName)},</p>` +
    '<p>Welcome to Coursecraft! Your account is ready.</p>' +
    `<p>${link.trim()} to start authoring your first course.</p>` +
    '<p>The Coursecraft team</p>';
  return { to, message: { subject: 'Welcome to Coursecraft', text, html } };
}

export function passwordResetMail(to: string, resetUrl: string, now: Date): MailDocument {
  const text = [
    'Hi,',
    '',
    'We received a request to reset the password of your Coursecraft account.',
    `Choose a new password here: ${resetUrl}`,
    '',
    'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
  ].join('\n');
  const html =
    '<p>Hi,</p>' +
    '<p>We received a request to reset the password of your Coursecraft account.</p>' +
    `<p><a href="${escapeHtml(resetUrl)}">Choose a new password</a></p>` +
    '<p>If you did not ask for this, you can ignore this e-mail; your password stays the same.</p>';
  return {
    to,
    message: { subject: 'Reset your Coursecraft password', text, html },
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_MAIL_LIFETIME_MS),
  };
}

export function verificationMail(to: string, verifyUrl: string, now: Date): MailDocument {
  const text = [
    'Hi,',
    '',
    'Please confirm that this is the e-mail address of your Coursecraft account.',
    `Verify your e-mail here: ${verifyUrl}`,
    '',
    'If you did not create a Coursecraft account, you can ignore this e-mail.',
  ].join('\n');
  const html =
    '<p>Hi,</p>' +
    '<p>Please confirm that this is the e-mail address of your Coursecraft account.</p>' +
    `<p><a href="${escapeHtml(verifyUrl)}">Verify your e-mail</a></p>` +
    '<p>If you did not create a Coursecraft account, you can ignore this e-mail.</p>';
  return {
    to,
    message: { subject: 'Verify your e-mail for Coursecraft', text, html },
    expiresAt: new Date(now.getTime() + VERIFICATION_MAIL_LIFETIME_MS),
  };
}
