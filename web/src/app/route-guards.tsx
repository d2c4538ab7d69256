import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/PageSpinner';
import { paths } from '../config/paths';
import { readReturnUrl, useSession } from '../lib/session';

/** Layout route for signed-in pages: visitors go to /auth with the wanted URL as returnUrl. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageSpinner />;
  if (!session.user) {
    return <Navigate to={paths.authReturningTo(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}

/** Layout route for admin pages: everyone else, visitors included, goes to /home. */
export function RequireAdmin() {
  const session = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  if (!session.user || !session.isAdmin) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/**
 * Layout route for the sign-in screens: a user already signed in on arrival goes to the returnUrl
 * it was sent from, else to /courses. A sign-in completed on the screen itself is left to the
 * screen, which first finishes its own work (the Google profile call, the 100 ms pause).
 */
export function RedirectSignedIn() {
  const session = useSession();
  const location = useLocation();
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(null);
  if (session.status === 'loading') return <PageSpinner />;
  const arrivedSignedIn = signedInOnArrival ?? session.user !== null;
  if (signedInOnArrival === null) setSignedInOnArrival(arrivedSignedIn);
  if (arrivedSignedIn && session.user) {
    return <Navigate to={readReturnUrl(location.search) ?? paths.courses} replace />;
  }
  return <Outlet />;
}
