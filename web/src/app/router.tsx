import { signOut } from 'firebase/auth';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setUnauthorizedHandler } from '../lib/api-client';
import { auth } from '../lib/firebase';
import { STORED_AUTH_KEYS } from '../lib/session';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** Spec §6: any 401 from the API logs the user out and sends them to /auth. */
setUnauthorizedHandler(async () => {
  try {
    await signOut(auth);
  } catch (error) {
    console.error('Sign-out after a 401 failed', error);
  }
  for (const key of STORED_AUTH_KEYS) localStorage.removeItem(key);
  if (router.state.location.pathname !== '/auth') await router.navigate('/auth');
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
