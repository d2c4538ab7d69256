import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type FirebaseSession from './firebase-session';
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { LOADING_SESSION, SessionProvider, type SessionContextValue } from '../lib/session';
import { writeSessionHint } from '../lib/session-hint';
import { theme } from '../theme/theme';
import { AppQueryClient } from '../lib/query/page-query-client';

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
  const [Watcher, setWatcher] = useState<typeof FirebaseSession | null>(null);
  useEffect(() => {
    let mounted = true;
    void import('./firebase-session').then(({ default: loaded }) => {
      if (mounted) setWatcher(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, []);
  // As a transition, the session waits for a page still being hydrated (its lazy chunk on the
  // way) instead of making React drop the prerendered markup and draw the page again.
  const onSession = useCallback((next: SessionContextValue) => {
    const { session } = next;
    if (session.status === 'ready') {
      writeSessionHint(session.user ? { admin: session.isAdmin } : null);
    }
    startTransition(() => setValue(next));
  }, []);

  return (
    <SessionProvider value={value}>
      {children}
      {Watcher && <Watcher onSession={onSession} />}
    </SessionProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppQueryClient>
        <LazyFirebaseSession>{children}</LazyFirebaseSession>
      </AppQueryClient>
    </ThemeProvider>
  );
}
