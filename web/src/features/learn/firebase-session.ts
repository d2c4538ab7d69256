import { onIdTokenChanged, signInAnonymously, signOut, type User } from 'firebase/auth';
import { auth } from '../../lib/firebase';
import type { Learner, LearnerSession } from './learner-session';
import { writeSessionFlag } from './session-hint';

const learnerOf = (user: User | null): Learner | null =>
  user ? { uid: user.uid, isAnonymous: user.isAnonymous } : null;

/** The sign-in under way, so two quick clicks make one anonymous learner, not two. */
let signingIn: Promise<User> | null = null;

onIdTokenChanged(auth, (user) => writeSessionFlag(user !== null, globalThis.localStorage));

/** Firebase Auth for the learner pages (the lazily loaded chunk). */
export const firebaseSession: LearnerSession = {
  async current() {
    await auth.authStateReady();
    return learnerOf(auth.currentUser);
  },
  async ensureLearner() {
    signingIn ??= (async () => {
      await auth.authStateReady();
      return auth.currentUser ?? (await signInAnonymously(auth)).user;
    })().finally(() => {
      signingIn = null;
    });
    const user = await signingIn;
    return { uid: user.uid, isAnonymous: user.isAnonymous };
  },
  async token(uid) {
    const user = auth.currentUser;
    if (user?.uid !== uid) throw new Error('The learner has changed');
    return user.getIdToken();
  },
  async isAdmin() {
    const user = auth.currentUser;
    if (!user || user.isAnonymous) return false;
    const { claims } = await user.getIdTokenResult();
    return claims.admin === true;
  },
  onChange(listener) {
    return onIdTokenChanged(auth, (user) => listener(learnerOf(user)));
  },
  async signOut() {
    await signOut(auth);
  },
};
