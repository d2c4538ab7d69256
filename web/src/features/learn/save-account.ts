import type { RegisterRequest } from '@coursecraft/contracts';
import { FirebaseError } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  EmailAuthProvider,
  GoogleAuthProvider,
  linkWithCredential,
  linkWithPopup,
  signInWithCredential,
  updateProfile,
  type User,
} from 'firebase/auth';
import { auth } from '../../lib/firebase';
import type { SavedAccount } from './learner-session';
import { fetchProgress, saveProgress } from './progress-api';
import type { AccountLinks } from './save-progress-dialog';

function anonymousLearner(): User {
  const user = auth.currentUser;
  if (!user?.isAnonymous) throw new Error('No anonymous learner to save');
  return user;
}

/** `GET /api/auth/me`, which creates the profile from the Auth record on first use. */
async function createProfile(user: User): Promise<void> {
  const response = await fetch('/api/auth/me', {
    headers: { authorization: `Bearer ${await user.getIdToken()}` },
  });
  if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status}`);
}

/**
 * Turns the anonymous learner into an e-mail account: the uid stays, and so does the progress.
 * The refreshed token names the new provider, and the profile is then created from the Auth
 * record (the display name gives the first and last name).
 */
async function linkWithEmail(
  input: RegisterRequest,
  completed: readonly string[],
): Promise<SavedAccount> {
  const credential = EmailAuthProvider.credential(input.email, input.password);
  const { user } = await linkWithCredential(anonymousLearner(), credential);
  await updateProfile(user, { displayName: `${input.first_name} ${input.last_name}` });
  await user.getIdToken(true);
  await createProfile(user);
  return { uid: user.uid, completedTopicIds: [...completed] };
}

/**
 * Turns the anonymous learner into their Google account. When that Google account already exists
 * it cannot be linked: the learner signs in to it instead and the progress of both is merged
 * there (`completed`: the anonymous learner's).
 */
async function linkWithGoogle(slug: string, completed: readonly string[]): Promise<SavedAccount> {
  const anonymous = anonymousLearner();
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    const { user } = await linkWithPopup(anonymous, provider, browserPopupRedirectResolver);
    await user.getIdToken(true);
    await createProfile(user);
    return { uid: user.uid, completedTopicIds: [...completed] };
  } catch (error) {
    const credential =
      error instanceof FirebaseError && error.code === 'auth/credential-already-in-use'
        ? GoogleAuthProvider.credentialFromError(error)
        : null;
    if (!credential) throw error;
    const { user } = await signInWithCredential(auth, credential);
    const token = await user.getIdToken();
    const theirs = await fetchProgress(slug, token);
    const merged = [...new Set([...theirs, ...completed])];
    const saved = await saveProgress(slug, token, merged);
    await createProfile(user);
    return { uid: user.uid, completedTopicIds: saved };
  }
}

/** Linking through Firebase Auth, as the dialog uses it. */
export const firebaseLinks: AccountLinks = {
  withEmail: (_slug, input, completed) => linkWithEmail(input, completed),
  withGoogle: linkWithGoogle,
};
