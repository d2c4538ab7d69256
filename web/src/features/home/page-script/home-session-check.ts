import { getIdTokenResult, signOut } from 'firebase/auth';
import { auth } from '../../../lib/firebase';
import type { SessionHint } from '../../../lib/session-hint';

/**
 * Firebase App and Auth for the prerendered /home, in a chunk it loads only for a browser whose
 * hint says someone is signed in (to check it once the page is interactive) or to log out.
 */

/** The account Firebase Auth restores, as a hint; null for nobody or an anonymous learner. */
export async function currentAccount(): Promise<SessionHint | null> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user || user.isAnonymous) return null;
  try {
    const { claims } = await getIdTokenResult(user);
    return { admin: claims.admin === true };
  } catch {
    // As the app does when the claims cannot be read: signed in, without the admin role.
    return { admin: false };
  }
}

export async function signOutAccount(): Promise<void> {
  await signOut(auth);
}
