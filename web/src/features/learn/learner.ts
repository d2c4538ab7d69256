import { onIdTokenChanged, signInAnonymously, type User } from 'firebase/auth';
import { useSyncExternalStore } from 'react';
import { auth } from '../../lib/firebase';

/** Whoever keeps progress on the learner pages: an anonymous learner or a signed-in account. */
export interface Learner {
  uid: string;
  isAnonymous: boolean;
}

/** `ready` once Firebase has restored (or found no) saved sign-in. */
export type LearnerState =
  { ready: false; learner: null } | { ready: true; learner: Learner | null };

let authKnown = false;
let state: LearnerState = { ready: false, learner: null };

function learnerOf(user: User | null): Learner | null {
  return user ? { uid: user.uid, isAnonymous: user.isAnonymous } : null;
}

/**
 * The same object while nothing changed, as useSyncExternalStore wants. Linking an anonymous
 * account changes `isAnonymous` on the same Firebase user, so the fields are compared, not it.
 */
function readState(): LearnerState {
  if (!authKnown) return state;
  const learner = learnerOf(auth.currentUser);
  const current = state.learner;
  const same =
    state.ready && current?.uid === learner?.uid && current?.isAnonymous === learner?.isAnonymous;
  if (!same) state = { ready: true, learner };
  return state;
}

function subscribe(onChange: () => void): () => void {
  return onIdTokenChanged(auth, () => {
    authKnown = true;
    onChange();
  });
}

/** The current Firebase user as a learner, anonymous ones included (the app's session is not). */
export function useLearner(): LearnerState {
  return useSyncExternalStore(subscribe, readState);
}

/** The sign-in under way, so two quick clicks make one anonymous learner, not two. */
let signingIn: Promise<User> | null = null;

/**
 * The learner whose progress is about to be saved: the signed-in user, else a new anonymous
 * one. Visitors who only read are never signed in.
 */
export function ensureLearner(): Promise<User> {
  signingIn ??= (async () => {
    await auth.authStateReady();
    return auth.currentUser ?? (await signInAnonymously(auth)).user;
  })().finally(() => {
    signingIn = null;
  });
  return signingIn;
}

/** The ID token of the learner `uid`; fails if another user has signed in meanwhile. */
export async function learnerToken(uid: string): Promise<string> {
  const user = auth.currentUser;
  if (user?.uid !== uid) throw new Error('The learner has changed');
  return user.getIdToken();
}
