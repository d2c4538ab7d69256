import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  setPersistence,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '../../../components/ui/PasswordField';
import { auth } from '../../../lib/firebase';
import { AUTH_TEXT, passwordSignInMessage } from '../auth-messages';

/**
 * E-mail and password sign-in with Firebase Auth. "Remember me" keeps the session across browser
 * restarts (local persistence); without it the session ends with the tab (session persistence).
 */
export function LoginForm({
  initialEmail,
  rememberMe,
  setRememberMe,
  busy,
  setBusy,
  onSignedIn,
  onError,
}: {
  initialEmail: string;
  rememberMe: boolean;
  setRememberMe: (remember: boolean) => void;
  busy: 'form' | 'google' | null;
  setBusy: (busy: 'form' | 'google' | null) => void;
  onSignedIn: () => void;
  onError: (text: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      onError(AUTH_TEXT.missingCredentials);
      return;
    }
    setBusy('form');
    try {
      await setPersistence(auth, rememberMe ? browserLocalPersistence : browserSessionPersistence);
      await signInWithEmailAndPassword(auth, email.trim(), password);
      onSignedIn();
    } catch (error) {
      console.error('Login failed', error);
      onError(passwordSignInMessage(error));
      setBusy(null);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          fullWidth
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          fullWidth
        />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
          }}
        >
          <FormControlLabel
            control={
              <Checkbox
                checked={rememberMe}
                onChange={(event) => setRememberMe(event.target.checked)}
              />
            }
            label="Remember me"
          />
          <Link component={RouterLink} to="/forgot-password">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy !== null}>
          {busy === 'form' ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </Box>
  );
}
