import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { LOADING_SESSION, SessionProvider, type Session } from '../lib/session';
import { theme, themeOptions } from '../theme/theme';

export type SessionKind = 'loading' | 'visitor' | 'user' | 'unverified' | 'admin';

/** A stand-in for a Firebase user; only the fields the shell reads. */
export const TEST_USER = {
  uid: 'user-1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  emailVerified: true,
  providerData: [],
} as unknown as User;

/** The same user before they opened the verification link. */
export const UNVERIFIED_TEST_USER = { ...TEST_USER, emailVerified: false } as User;

export function sessionOf(kind: SessionKind): Session {
  switch (kind) {
    case 'loading':
      return LOADING_SESSION;
    case 'visitor':
      return { status: 'ready', user: null, isAdmin: false };
    case 'user':
      return { status: 'ready', user: TEST_USER, isAdmin: false };
    case 'unverified':
      return { status: 'ready', user: UNVERIFIED_TEST_USER, isAdmin: false };
    case 'admin':
      return { status: 'ready', user: TEST_USER, isAdmin: true };
  }
}

/**
 * jsdom lays pages out 1024 px wide and honours media queries. Moving every breakpoint above that
 * width makes it lay them out like a phone.
 */
const phoneTheme = createTheme({
  ...themeOptions,
  breakpoints: { values: { xs: 0, sm: 10_000, md: 10_001, lg: 10_002, xl: 10_003 } },
});

export interface RenderWithRouterOptions {
  session?: SessionKind;
  signOut?: () => Promise<void>;
  path?: string;
  /** Router state of the first entry, as a link would pass it. */
  state?: unknown;
  viewport?: 'desktop' | 'phone';
}

/**
 * Renders `routes` in a memory router at `path` with a fake session: no Firebase involved.
 * Returns the router so tests can read `router.state.location`.
 */
export function renderWithRouter(
  routes: RouteObject[],
  {
    session = 'visitor',
    signOut = vi.fn(async () => {}),
    path = '/',
    state,
    viewport = 'desktop',
  }: RenderWithRouterOptions = {},
) {
  const [pathname = path, search] = path.split(/(?=\?)/);
  const entry = state === undefined ? path : { pathname, search, state };
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ThemeProvider theme={viewport === 'phone' ? phoneTheme : theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SessionProvider value={{ session: sessionOf(session), signOut }}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router, signOut, queryClient };
}

/** Renders one element as the only route, at `path`. */
export function renderInRouter(element: ReactNode, options: RenderWithRouterOptions = {}) {
  return renderWithRouter([{ path: '*', element }], options);
}
