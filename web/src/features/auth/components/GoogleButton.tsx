import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { browserLocalPersistence, browserSessionPersistence, setPersistence } from 'firebase/auth';
import { auth } from '../../../lib/firebase';
import { isGoogleSignInCancelled } from '../auth-messages';
import { googleErrorText, signInWithGoogle } from '../google-sign-in';
import type { AuthMode } from './AuthPage';

export function GoogleButton({
  mode,
  rememberMe,
  busy,
  setBusy,
  onSignedIn,
  onError,
}: {
  mode: AuthMode;
  rememberMe: boolean;
  busy: 'form' | 'google' | null;
  setBusy: (busy: 'form' | 'google' | null) => void;
  onSignedIn: () => void;
  onError: (text: string) => void;
}) {
  const signIn = async () => {
    setBusy('google');
    try {
      await setPersistence(auth, rememberMe ? browserLocalPersistence : browserSessionPersistence);
      await signInWithGoogle();
      onSignedIn();
    } catch (error) {
      if (!isGoogleSignInCancelled(error)) {
        console.error('Google sign-in failed', error);
        onError(googleErrorText(error));
      }
      setBusy(null);
    }
  };

  return (
    <Button
      fullWidth
      variant="outlined"
      size="large"
      startIcon={<GoogleIcon />}
      disabled={busy !== null}
      onClick={() => void signIn()}
    >
      {busy === 'google'
        ? 'Connecting...'
        : mode === 'login'
          ? 'Sign in with Google'
          : 'Sign up with Google'}
    </Button>
  );
}
