import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readReturnUrl } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { GoogleButton } from './GoogleButton';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';

export type AuthMode = 'login' | 'signup';

/** Spec §9: the pause between a successful sign-in and leaving the page. */
export const SIGNED_IN_REDIRECT_MS = 100;

export interface Banner {
  severity: 'success' | 'error';
  text: string;
}

/** /auth: login and sign-up, switched by the `mode` query parameter. */
export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'signup' ? 'signup' : 'login';
  const location = useLocation();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [prefilledEmail, setPrefilledEmail] = useState('');
  const [busy, setBusy] = useState<'form' | 'google' | null>(null);
  const [rememberMe, setRememberMe] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  useDocumentTitle(mode === 'login' ? 'Login' : 'Sign Up');

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const switchMode = (next: AuthMode) => {
    const params = new URLSearchParams(searchParams);
    params.set('mode', next);
    setSearchParams(params, { replace: true });
    setBanner(null);
  };

  const onSignedIn = () => {
    const target = readReturnUrl(location.search) ?? '/courses';
    redirectTimer.current = window.setTimeout(() => {
      void navigate(target, { replace: true });
    }, SIGNED_IN_REDIRECT_MS);
  };

  const onRegistered = (email: string, message: string) => {
    setPrefilledEmail(email);
    switchMode('login');
    setBanner({ severity: 'success', text: message });
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {mode === 'login' ? 'Login' : 'Sign Up'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {mode === 'login'
            ? 'Log in to keep authoring your courses.'
            : 'Sign up to start authoring courses with AI.'}
        </Typography>

        {banner && (
          <Alert severity={banner.severity} onClose={() => setBanner(null)} sx={{ mb: 2 }}>
            {banner.text}
          </Alert>
        )}

        <GoogleButton
          mode={mode}
          rememberMe={mode === 'signup' || rememberMe}
          busy={busy}
          setBusy={setBusy}
          onSignedIn={onSignedIn}
          onError={(text) => setBanner({ severity: 'error', text })}
        />

        <Divider sx={{ my: 3 }}>or</Divider>

        {mode === 'login' ? (
          <LoginForm
            key={`login-${prefilledEmail}`}
            initialEmail={prefilledEmail}
            rememberMe={rememberMe}
            setRememberMe={setRememberMe}
            busy={busy}
            setBusy={setBusy}
            onSignedIn={onSignedIn}
            onError={(text) => setBanner({ severity: 'error', text })}
          />
        ) : (
          <SignupForm
            busy={busy}
            setBusy={setBusy}
            onRegistered={onRegistered}
            onError={(text) => setBanner({ severity: 'error', text })}
          />
        )}

        <Typography sx={{ mt: 3, textAlign: 'center' }}>
          <Link
            component="button"
            type="button"
            onClick={() => switchMode(mode === 'login' ? 'signup' : 'login')}
          >
            {mode === 'login' ? 'Need an account? Sign up' : 'Already have an account? Login'}
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
