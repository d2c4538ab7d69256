import {
  loginFormSchema,
  type LoginFormValues,
  type RegisterRequest,
} from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, type AuthMode } from '../../../config/paths';
import { serverErrorOr } from '../../../lib/api-client';
import { readReturnUrl } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRegister } from '../api/register';
import { googleErrorText, useSignInWithGoogle } from '../api/sign-in-with-google';
import { useSignInWithPassword } from '../api/sign-in-with-password';
import { AUTH_TEXT, isGoogleSignInCancelled, passwordSignInMessage } from '../auth-messages';
import { firstErrorMessage } from '../first-error';
import { GoogleButton } from './GoogleButton';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';

/** The pause between a successful sign-in and leaving the page. */
export const SIGNED_IN_REDIRECT_MS = 100;

export interface Banner {
  severity: 'success' | 'error';
  text: string;
}

const EMPTY_LOGIN: LoginFormValues = { email: '', password: '', remember_me: false };

/**
 * /auth: login and sign-up, switched by the `mode` query parameter. While one sign-in, sign-up
 * or Google sign-in runs every button is disabled; a successful sign-in keeps them so until the
 * page is left.
 */
export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'signup' ? 'signup' : 'login';
  const location = useLocation();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<Banner | null>(null);
  const loginForm = useZodForm(loginFormSchema, { defaultValues: EMPTY_LOGIN });
  const rememberMe = useWatch({ control: loginForm.control, name: 'remember_me' });
  const passwordSignIn = useSignInWithPassword();
  const googleSignIn = useSignInWithGoogle();
  const registration = useRegister();
  const redirectTimer = useRef<number | undefined>(undefined);
  useDocumentTitle(mode === 'login' ? 'Login' : 'Sign Up');

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const loggingIn = passwordSignIn.isPending || passwordSignIn.isSuccess;
  const connecting = googleSignIn.isPending || googleSignIn.isSuccess;
  const busy = loggingIn || connecting || registration.isPending;
  const showError = (text: string) => setBanner({ severity: 'error', text });

  const switchMode = (next: AuthMode) => {
    const params = new URLSearchParams(searchParams);
    params.set('mode', next);
    setSearchParams(params, { replace: true });
    setBanner(null);
  };

  const leaveAfterSignIn = () => {
    const target = readReturnUrl(location.search) ?? paths.courses;
    redirectTimer.current = window.setTimeout(() => {
      void navigate(target, { replace: true });
    }, SIGNED_IN_REDIRECT_MS);
  };

  const logIn = (event: FormEvent) =>
    void loginForm.handleSubmit(
      (credentials) =>
        passwordSignIn.mutate(credentials, {
          onSuccess: leaveAfterSignIn,
          onError: (error) => showError(passwordSignInMessage(error)),
        }),
      (errors) => showError(firstErrorMessage(errors) ?? AUTH_TEXT.missingCredentials),
    )(event);

  const signInWithGoogle = () =>
    googleSignIn.mutate(mode === 'signup' || rememberMe, {
      onSuccess: leaveAfterSignIn,
      onError: (error) => {
        if (!isGoogleSignInCancelled(error)) showError(googleErrorText(error));
      },
    });

  const signUp = (input: RegisterRequest) =>
    registration.mutate(input, {
      onSuccess: () => {
        loginForm.reset({ ...EMPTY_LOGIN, email: input.email, remember_me: rememberMe });
        switchMode('login');
        setBanner({ severity: 'success', text: AUTH_TEXT.registered });
      },
      onError: (error) => showError(serverErrorOr(error, AUTH_TEXT.unexpected)),
    });

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
          disabled={busy}
          connecting={connecting}
          onClick={signInWithGoogle}
        />

        <Divider sx={{ my: 3 }}>or</Divider>

        {mode === 'login' ? (
          <LoginForm
            control={loginForm.control}
            busy={busy}
            loggingIn={loggingIn}
            onSubmit={logIn}
          />
        ) : (
          <SignupForm
            busy={busy}
            signingUp={registration.isPending}
            onSignUp={signUp}
            onError={showError}
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
