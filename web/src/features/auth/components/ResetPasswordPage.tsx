import { resetPasswordFormSchema } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useZodForm } from '../../../lib/use-zod-form';
import { useResetPassword } from '../api/reset-password';
import { useResetCode } from '../api/verify-reset-code';
import { AUTH_TEXT, isInvalidResetCode, resetPasswordMessage } from '../auth-messages';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';

/** The pause between a successful reset and /auth. */
export const RESET_REDIRECT_MS = 3000;

type ResetState =
  | { step: 'verifying' }
  | { step: 'invalid'; message: string }
  | { step: 'form'; email: string }
  | { step: 'complete' };

function Panel({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        {children}
      </Paper>
    </Box>
  );
}

/**
 * /reset-password: the link from the reset e-mail carries Firebase's `oobCode` (`token` is
 * accepted too). Checks it, then sets the new password.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const code = searchParams.get('oobCode') ?? searchParams.get('token');
  const navigate = useNavigate();
  const check = useResetCode(code);
  const reset = useResetPassword();

  let state: ResetState;
  if (!code) state = { step: 'invalid', message: AUTH_TEXT.missingResetToken };
  else if (reset.isSuccess) state = { step: 'complete' };
  else if (check.isError) {
    state = {
      step: 'invalid',
      message: isInvalidResetCode(check.error)
        ? AUTH_TEXT.invalidResetToken
        : resetPasswordMessage(check.error),
    };
  } else if (check.data === undefined) state = { step: 'verifying' };
  else state = { step: 'form', email: check.data };

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(paths.auth()), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (state.step === 'verifying') {
    return (
      <Panel>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Reset Password
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
          <CircularProgress aria-label="Verifying" />
          <Typography>Verifying your reset link...</Typography>
        </Stack>
      </Panel>
    );
  }

  if (state.step === 'invalid') {
    return (
      <Panel>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Invalid Reset Link
        </Typography>
        <Alert severity="error" sx={{ mb: 3 }}>
          {state.message}
        </Alert>
        <Stack spacing={1}>
          <Button component={RouterLink} to={paths.forgotPassword} variant="contained">
            Request New Reset Link
          </Button>
          <Button component={RouterLink} to={paths.auth('login')}>
            Back to Login
          </Button>
        </Stack>
      </Panel>
    );
  }

  if (state.step === 'complete') {
    return (
      <Panel>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Password Reset Successful
        </Typography>
        <Alert severity="success" sx={{ mb: 3 }}>
          {AUTH_TEXT.resetDone}
        </Alert>
        <Button component={RouterLink} to={paths.auth('login')} variant="contained" fullWidth>
          Login Now
        </Button>
      </Panel>
    );
  }

  return (
    <Panel>
      <ResetForm
        email={state.email}
        busy={reset.isPending}
        failure={reset.isError ? resetPasswordMessage(reset.error) : null}
        onDismissFailure={() => reset.reset()}
        onReset={(password) => reset.mutate({ code: code ?? '', password })}
      />
    </Panel>
  );
}

/**
 * The new password and its confirmation. Each field's message shows once it has been touched;
 * submit stays disabled while the form is invalid or the reset runs.
 */
function ResetForm({
  email,
  busy,
  failure,
  onDismissFailure,
  onReset,
}: {
  email: string;
  busy: boolean;
  failure: string | null;
  onDismissFailure: () => void;
  onReset: (password: string) => void;
}) {
  const { control, handleSubmit, formState } = useZodForm(resetPasswordFormSchema, {
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '' },
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(({ password }) => onReset(password))(event)}
    >
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Reset Password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Choose a new password for {email}.
      </Typography>
      {failure && (
        <Alert severity="error" onClose={onDismissFailure} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={2}>
        <NewPasswordFields control={control} name="password" confirmName="confirm_password" />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || !formState.isValid}
        >
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
      </Stack>
    </Box>
  );
}
