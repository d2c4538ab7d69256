import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { requestPasswordReset } from '../../../lib/account';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AUTH_TEXT } from '../auth-messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailError(email: string): string | null {
  if (!email.trim()) return AUTH_TEXT.emailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return AUTH_TEXT.invalidEmail;
  return null;
}

/** /forgot-password: asks for a reset link; the answer never reveals whether the address exists. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const error = submitted ? emailError(email) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError(email)) return;
    setSending(true);
    try {
      const { message } = await requestPasswordReset(email.trim());
      setOutcome(message);
    } catch (failure) {
      console.error('Password reset request failed', failure);
      setOutcome(AUTH_TEXT.resetRequested);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          Forgot Password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Enter your email and we will send you a link to reset your password.
        </Typography>
        {outcome && (
          <Alert severity="success" onClose={() => setOutcome(null)} sx={{ mb: 2 }}>
            {outcome}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <Stack spacing={2}>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={error !== null}
              helperText={error ?? ' '}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={sending}>
              {sending ? 'Sending...' : 'Send Reset Link'}
            </Button>
            <Button component={RouterLink} to="/auth?mode=login">
              Back to Login
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
