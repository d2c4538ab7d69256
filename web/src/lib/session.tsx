import type { User } from 'firebase/auth';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SigninCheckResult } from 'reactfire';
import { paths } from '../config/paths';
import { clearStoredSession } from './session-hint';

/** Who is using the app: `loading` until the first auth state is known. */
export type Session =
  | { status: 'loading'; user: null; isAdmin: false }
  | { status: 'ready'; user: User | null; isAdmin: boolean };

export interface SessionContextValue {
  session: Session;
  signOut: () => Promise<void>;
}

export { STORED_AUTH_KEYS } from './session-hint';

export const LOADING_SESSION: Session = { status: 'loading', user: null, isAdmin: false };

/**
 * The session for reactfire's `useSigninCheck({ requiredClaims: { admin: true } })`. When the
 * claims cannot be read (e.g. a token refresh fails offline) the user stays signed in, without
 * the admin role. An anonymous Firebase user (a learner keeping progress without an account)
 * counts as signed out: the app's pages, guards and user data are for accounts only.
 */
export function sessionFromSigninCheck(
  {
    status,
    data,
  }: { status: 'loading' | 'error' | 'success'; data: SigninCheckResult | undefined },
  currentUser: User | null,
): Session {
  if (status === 'loading') return LOADING_SESSION;
  if (status === 'error' || !data) {
    return { status: 'ready', user: accountOf(currentUser), isAdmin: false };
  }
  const user = data.signedIn ? accountOf(data.user) : null;
  if (!user) return { status: 'ready', user: null, isAdmin: false };
  return { status: 'ready', user, isAdmin: data.hasRequiredClaims };
}

function accountOf(user: User | null): User | null {
  return user && !user.isAnonymous ? user : null;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Supplies the session; the app feeds it from Firebase Auth, tests from a plain value. */
export function SessionProvider({
  value,
  children,
}: {
  value: SessionContextValue;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside a SessionProvider.');
  return context;
}

export function useSession(): Session {
  return useSessionContext().session;
}

/**
 * Signs out, clears the stored auth data and goes to /auth. A failing sign-out still logs the
 * user out locally.
 */
export function useLogout(): () => Promise<void> {
  const { signOut } = useSessionContext();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      console.error('Sign-out failed', error);
    } finally {
      clearStoredSession();
      await navigate(paths.auth());
    }
  }, [signOut, navigate]);
}

/** The in-app path of a `returnUrl` query parameter, or null when absent or pointing off-site. */
export function readReturnUrl(search: string): string | null {
  const returnUrl = new URLSearchParams(search).get('returnUrl');
  const inApp = returnUrl?.startsWith('/') && !/^\/[/\\]/.test(returnUrl);
  return inApp ? returnUrl : null;
}
