import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '../api-client';
import { useSession } from '../session';

/** Client errors will not go away by asking again; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's one query cache, created when the first page loads. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});

/**
 * Cached server data belongs to one user: when another user (or nobody) signs in, every cached
 * answer but the new user's own (and public published courses) is dropped and the queries on screen load again. Resetting
 * rather than removing the queries keeps a mounted query that does not re-render on the session
 * change (the reset link's check) from waiting forever.
 */
function ClearCacheOnUserChange() {
  const uid = useSession().user?.uid ?? null;
  const client = useQueryClient();
  const previous = useRef(uid);
  useEffect(() => {
    if (previous.current !== uid) {
      client.getMutationCache().clear();
      // The new user's own queries (keyed by `userKey`: 'user', uid, ...) are already fresh.
      void client.resetQueries({
        predicate: ({ queryKey }) => queryKey[0] !== 'user' || queryKey[1] !== uid,
      });
    }
    previous.current = uid;
  }, [uid, client]);
  return null;
}

/**
 * TanStack Query for the pages, in a chunk of its own: only pages read server data, so the
 * navigation bar and footer around them are drawn (and hydrated) without it.
 */
export default function PageQueryClient({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ClearCacheOnUserChange />
      {children}
    </QueryClientProvider>
  );
}
