import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { signOut } from 'firebase/auth';
import { useMemo, type ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider, useAuth, useSigninCheck } from 'reactfire';
import { auth, firebaseApp } from '../lib/firebase';
import { SessionProvider, sessionFromSigninCheck, type SessionContextValue } from '../lib/session';
import { theme } from '../theme/theme';

/** Admins carry the custom claim `admin: true`. */
const ADMIN_CLAIMS = { admin: true };

/** Feeds the session context from reactfire's view of Firebase Auth. */
function FirebaseSession({ children }: { children: ReactNode }) {
  const firebaseAuth = useAuth();
  const { status, data } = useSigninCheck({ requiredClaims: ADMIN_CLAIMS });

  const value = useMemo<SessionContextValue>(
    () => ({
      session: sessionFromSigninCheck({ status, data }, firebaseAuth.currentUser),
      signOut: () => signOut(firebaseAuth),
    }),
    [status, data, firebaseAuth],
  );

  return <SessionProvider value={value}>{children}</SessionProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <FirebaseAppProvider firebaseApp={firebaseApp}>
        <AuthProvider sdk={auth}>
          <FirebaseSession>{children}</FirebaseSession>
        </AuthProvider>
      </FirebaseAppProvider>
    </ThemeProvider>
  );
}
