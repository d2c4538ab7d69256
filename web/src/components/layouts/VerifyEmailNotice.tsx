import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { serverErrorOr } from '../../lib/api-client';
import { useResendVerification } from '../../lib/account/resend-verification';

export const VERIFY_EMAIL_TEXT = {
  title: 'Verify your e-mail',
  resendFailed: 'Could not send the verification e-mail. Please try again.',
} as const;

/**
 * Asks a signed-in user whose address is not verified yet to open the link we e-mailed, with
 * Resend for a new one. Its `label` names the region, so two of them on a page stay apart.
 */
export function VerifyEmailNotice({
  email,
  label,
  square = false,
}: {
  email: string | null;
  label: string;
  square?: boolean;
}) {
  const resend = useResendVerification();
  let outcome: string | null = null;
  if (resend.isSuccess) outcome = resend.data.message;
  else if (resend.isError) outcome = serverErrorOr(resend.error, VERIFY_EMAIL_TEXT.resendFailed);

  return (
    <Alert
      severity="warning"
      role="region"
      aria-label={label}
      square={square}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
      }
    >
      <strong>{VERIFY_EMAIL_TEXT.title}</strong>
      {email ? `: open the link we sent to ${email}.` : '.'}
      {outcome && (
        <span role="status" style={{ display: 'block' }}>
          {outcome}
        </span>
      )}
    </Alert>
  );
}
