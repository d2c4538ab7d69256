import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '../config/paths';
import { setUnauthorizedHandler } from '../lib/unauthorized';
import { STORED_AUTH_KEYS } from '../lib/session';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/**
 * Any 401 from the API logs the user out and sends them to /auth. An anonymous learner is not
 * signed in to the app, and signing them out would lose their progress for good (an anonymous
 * account cannot be signed in to again), so they are left alone.
 */
setUnauthorizedHandler(async () => {
  const [{ signOut }, { auth }] = await Promise.all([
    import('firebase/auth'),
    import('../lib/firebase'),
  ]);
  if (auth.currentUser?.isAnonymous) return;
  try {
    await signOut(auth);
  } catch (error) {
    console.error('Sign-out after a 401 failed', error);
  }
  for (const key of STORED_AUTH_KEYS) localStorage.removeItem(key);
  if (router.state.location.pathname !== paths.auth()) await router.navigate(paths.auth());
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
