import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { signOut } from 'firebase/auth';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
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

  return (
    <SessionProvider value={value}>
      <ClearCacheOnUserChange uid={value.session.user?.uid ?? null} />
      {children}
    </SessionProvider>
  );
}

/**
 * Cached server data belongs to one user: when another user (or nobody) signs in, every cached
 * answer but the new user's own (and public published courses) is dropped and the queries on screen load again. Resetting
 * rather than removing the queries keeps a mounted query that does not re-render on the session
 * change (the reset link's check) from waiting forever.
 */
function ClearCacheOnUserChange({ uid }: { uid: string | null }) {
  const queryClient = useQueryClient();
  const previous = useRef(uid);
  useEffect(() => {
    if (previous.current !== uid) {
      queryClient.getMutationCache().clear();
      // The new user's own queries (keyed by `userKey`: 'user', uid, ...) are already fresh, and
      // a published course ('learn', ...) is the same for everyone.
      void queryClient.resetQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] !== 'learn' && (queryKey[0] !== 'user' || queryKey[1] !== uid),
      });
    }
    previous.current = uid;
  }, [uid, queryClient]);
  return null;
}

/** Client errors will not go away by asking again; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <FirebaseAppProvider firebaseApp={firebaseApp}>
          <AuthProvider sdk={auth}>
            <FirebaseSession>{children}</FirebaseSession>
          </AuthProvider>
        </FirebaseAppProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
