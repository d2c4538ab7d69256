import type { RegisterRequest } from '@coursecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { fetchCurrentUser } from '../../../lib/account/get-current-user';
import { auth } from '../../../lib/firebase';
import { learnKeys } from '../learn-keys';
import { isCancelledPopup } from '../learn-messages';
import { fetchProgress } from './get-progress';
import { saveProgress } from './save-progress';

function anonymousLearner(): User {
  const user = auth.currentUser;
  if (!user?.isAnonymous) throw new Error('No anonymous learner to save');
  return user;
}

/**
 * Turns the anonymous learner into an e-mail account: the uid stays, and so does the progress.
 * The refreshed token names the new provider, and `GET /api/auth/me` then creates the profile
 * from the Auth record (the display name gives the first and last name).
 */
export async function linkWithEmail(input: RegisterRequest): Promise<void> {
  const credential = EmailAuthProvider.credential(input.email, input.password);
  const { user } = await linkWithCredential(anonymousLearner(), credential);
  await updateProfile(user, { displayName: `${input.first_name} ${input.last_name}` });
  await user.getIdToken(true);
  await fetchCurrentUser();
}

/**
 * Turns the anonymous learner into their Google account. When that Google account already exists
 * it cannot be linked: the learner signs in to it instead and the progress of both is merged
 * there (`completed`: the anonymous learner's).
 */
export async function linkWithGoogle(
  slug: string,
  completed: readonly string[],
): Promise<{ uid: string; completedTopicIds: string[] }> {
  const anonymous = anonymousLearner();
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    const { user } = await linkWithPopup(anonymous, provider, browserPopupRedirectResolver);
    await user.getIdToken(true);
    await fetchCurrentUser();
    return { uid: user.uid, completedTopicIds: [...completed] };
  } catch (error) {
    const credential =
      error instanceof FirebaseError && error.code === 'auth/credential-already-in-use'
        ? GoogleAuthProvider.credentialFromError(error)
        : null;
    if (!credential) throw error;
    const { user } = await signInWithCredential(auth, credential);
    const theirs = await fetchProgress(slug, user.uid);
    const merged = [...new Set([...theirs.completed_topic_ids, ...completed])];
    const saved = await saveProgress(slug, user.uid, merged);
    await fetchCurrentUser();
    return { uid: user.uid, completedTopicIds: saved.completed_topic_ids };
  }
}

/** Saves the learner's progress to a new e-mail account. */
export function useLinkWithEmail() {
  return useMutation({
    mutationFn: linkWithEmail,
    onError: (error) => console.error('Saving progress to a new account failed', error),
  });
}

/** Saves the learner's progress to their Google account; the cache gets the merged progress. */
export function useLinkWithGoogle(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (completed: readonly string[]) => linkWithGoogle(slug, completed),
    onSuccess: ({ uid, completedTopicIds }) => {
      queryClient.setQueryData(learnKeys.progress(slug, uid), {
        completed_topic_ids: completedTopicIds,
      });
    },
    onError: (error) => {
      if (!isCancelledPopup(error))
        console.error('Saving progress to a Google account failed', error);
    },
  });
}
