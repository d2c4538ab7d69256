import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9399';
const projectId = process.env.GCLOUD_PROJECT ?? 'demo-coursecraft';

/** An address no other test uses, so tests can run in parallel on one suite. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signUpThroughUi(
  page: Page,
  user: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  await page.goto('/auth?mode=signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByLabel(/^First Name/).fill(user.firstName);
  await page.getByLabel(/^Last Name/).fill(user.lastName);
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(
    page.getByText(
      'Registration successful! Please check your email for a welcome message and then login.',
    ),
  ).toBeVisible();
}

export async function logIn(
  page: Page,
  email: string,
  password: string,
  { rememberMe = false }: { rememberMe?: boolean } = {},
): Promise<void> {
  // Pages are lazy-loaded: wait for the login form itself, not the screen before it.
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Codes the Auth emulator issued of `requestType` for `email`, newest last. */
async function issuedCodes(email: string, requestType: string): Promise<string[]> {
  const response = await fetch(`http://${authHost}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes
    .filter((code) => code.email === email && code.requestType === requestType)
    .map((code) => code.oobCode);
}

/** Codes the Auth emulator issued for password resets of `email`, newest last. */
export function passwordResetCodes(email: string): Promise<string[]> {
  return issuedCodes(email, 'PASSWORD_RESET');
}

/** Codes of the verification e-mails sent to `email`, newest last. */
export function verificationCodes(email: string): Promise<string[]> {
  return issuedCodes(email, 'VERIFY_EMAIL');
}

/**
 * Lets Firebase's popup sign-in run offline: Google's gapi loader is served by a local stand-in
 * and the emulator widget's CDN styles and fonts are dropped.
 */
export async function serveGoogleSignInOffline(context: BrowserContext): Promise<void> {
  const standin = fs.readFileSync(path.resolve('tests/e2e/support/gapi-standin.js'), 'utf8');
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: standin }),
  );
  await context.route(
    /^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//,
    (route) => route.abort(),
  );
}

/** Disables an account through the Auth emulator's admin API, as an admin would. */
export async function disableAccount(email: string): Promise<void> {
  const base = `http://${authHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}`;
  const headers = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  const lookup = await fetch(`${base}/accounts:lookup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: [email] }),
  });
  const { users } = (await lookup.json()) as { users: { localId: string }[] };
  const localId = users[0]?.localId;
  if (!localId) throw new Error(`No account for ${email}`);
  const update = await fetch(`${base}/accounts:update`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId, disableUser: true }),
  });
  if (!update.ok) throw new Error(`Disabling ${email} failed: ${update.status}`);
}

/**
 * Signs up a new author through the UI, logs them in and waits for /courses. Returns the e-mail
 * and password used.
 */
export async function signUpAndLogIn(
  page: Page,
  prefix: string,
  names: { firstName: string; lastName: string },
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-password-1`;
  await signUpThroughUi(page, { ...names, email, password });
  await logIn(page, email, password);
  await expect(page).toHaveURL('/courses');
  return { email, password };
}

/** The seeded admin (emulator-data/seed.json), signed in in a browser context of their own. */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth?mode=login');
  await logIn(page, 'admin@coursecraft.test', 'admin-demo-2025');
  await expect(page).toHaveURL('/courses');
  return page;
}

/** A fresh ID token for an e-mail/password account, from the Auth emulator. */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const { idToken } = (await response.json()) as { idToken?: string };
  if (!response.ok || !idToken) throw new Error(`Signing ${email} in failed: ${response.status}`);
  return idToken;
}
