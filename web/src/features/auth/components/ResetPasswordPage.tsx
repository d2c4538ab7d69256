import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/ui/PasswordField';
import { auth } from '../../../lib/firebase';
import { confirmationError, newPasswordError } from '../../../lib/password-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AUTH_TEXT, isInvalidResetCode, resetPasswordMessage } from '../auth-messages';

/** Spec §9: the pause between a successful reset and /auth. */
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
  const [state, setState] = useState<ResetState>(() =>
    code ? { step: 'verifying' } : { step: 'invalid', message: AUTH_TEXT.missingResetToken },
  );

  useEffect(() => {
    if (!code) return;
    let current = true;
    verifyPasswordResetCode(auth, code).then(
      (email) => current && setState({ step: 'form', email }),
      (error: unknown) => {
        console.error('Reset link check failed', error);
        if (current) {
          setState({
            step: 'invalid',
            message: isInvalidResetCode(error)
              ? AUTH_TEXT.invalidResetToken
              : resetPasswordMessage(error),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [code]);

  useEffect(() => {
    if (state.step !== 'complete') return;
    const timer = window.setTimeout(() => void navigate('/auth'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state.step, navigate]);

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
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            Request New Reset Link
          </Button>
          <Button component={RouterLink} to="/auth?mode=login">
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
        <Button component={RouterLink} to="/auth?mode=login" variant="contained" fullWidth>
          Login Now
        </Button>
      </Panel>
    );
  }

  return (
    <Panel>
      <ResetForm
        code={code ?? ''}
        email={state.email}
        onReset={() => setState({ step: 'complete' })}
      />
    </Panel>
  );
}

function ResetForm({ code, email, onReset }: { code: string; email: string; onReset: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmation: false });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const passwordProblem = newPasswordError(password, AUTH_TEXT.passwordRequired);
  const confirmationProblem = confirmationError(password, confirmation);
  const shownPasswordError = touched.password ? passwordProblem : null;
  const shownConfirmationError = touched.confirmation ? confirmationProblem : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (passwordProblem || confirmationProblem) return;
    setBusy(true);
    setFailure(null);
    try {
      await confirmPasswordReset(auth, code, password);
      onReset();
    } catch (error) {
      console.error('Password reset failed', error);
      setFailure(resetPasswordMessage(error));
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Reset Password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Choose a new password for {email}.
      </Typography>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={2}>
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, password: true }))}
          error={shownPasswordError !== null}
          helperText={shownPasswordError ?? ' '}
          fullWidth
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, confirmation: true }))}
          error={shownConfirmationError !== null}
          helperText={shownConfirmationError ?? ' '}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || passwordProblem !== null || confirmationProblem !== null}
        >
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
      </Stack>
    </Box>
  );
}
