import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ApiError } from '../lib/api-client';
import { LOADING_SESSION, SessionProvider, type SessionContextValue } from '../lib/session';
import { theme } from '../theme/theme';

const FirebaseSession = lazy(() => import('./firebase-session'));

/** Until Firebase Auth has loaded and answered, nobody is known to be signed in. */
export const LOADING_SESSION_VALUE: SessionContextValue = {
  session: LOADING_SESSION,
  signOut: async () => {
    const [{ signOut }, { auth }] = await Promise.all([
      import('firebase/auth'),
      import('../lib/firebase'),
    ]);
    await signOut(auth);
  },
};

/**
 * The session, fed by Firebase Auth once it has loaded. Firebase starts loading after the first
 * render, so a prerendered page is hydrated with the same loading session it was rendered with
 * and the signed-in state arrives after the first paint.
 */
function LazyFirebaseSession({ children }: { children: ReactNode }) {
  const [value, setValue] = useState(LOADING_SESSION_VALUE);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // As a transition, the session waits for a page still being hydrated (its lazy chunk on the
  // way) instead of making React drop the prerendered markup and draw the page again.
  const onSession = useCallback(
    (next: SessionContextValue) => startTransition(() => setValue(next)),
    [],
  );

  return (
    <SessionProvider value={value}>
      <ClearCacheOnUserChange uid={value.session.user?.uid ?? null} />
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <FirebaseSession onSession={onSession} />
        </Suspense>
      )}
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

/** Theme, baseline styles and the query cache: what every page needs, on the server too. */
export function PageProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PageProviders>
      <LazyFirebaseSession>{children}</LazyFirebaseSession>
    </PageProviders>
  );
}
