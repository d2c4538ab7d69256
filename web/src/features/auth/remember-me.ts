import { browserLocalPersistence, browserSessionPersistence, setPersistence } from 'firebase/auth';
import { auth } from '../../lib/firebase';

/**
 * Where Firebase keeps the next sign-in: with "Remember me" in local storage (it survives a
 * browser restart), without it in session storage (it ends with the tab).
 */
export function applyRememberMe(rememberMe: boolean): Promise<void> {
  return setPersistence(auth, rememberMe ? browserLocalPersistence : browserSessionPersistence);
}
