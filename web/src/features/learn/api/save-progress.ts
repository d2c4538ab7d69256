import { learnerProgressSchema, type LearnerProgress } from '@coursecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { learnApi, learnKeys } from '../learn-keys';
import { learnerToken } from '../learner';

/** `PUT /api/learn/{slug}/progress`: replaces the learner's completed set with `completedTopicIds`. */
export async function saveProgress(
  slug: string,
  uid: string,
  completedTopicIds: string[],
): Promise<LearnerProgress> {
  return apiRequest(learnApi.progress(slug), {
    method: 'PUT',
    body: { completed_topic_ids: completedTopicIds },
    schema: learnerProgressSchema,
    idToken: await learnerToken(uid),
    keepSessionOn401: true,
  });
}

export interface SaveProgressInput {
  uid: string;
  completedTopicIds: string[];
}

/**
 * Saves the learner's whole completed set, shown at once; a failure puts the previous set back.
 * Saves of one course run one after the other, so the last one sent is the one stored.
 */
export function useSaveProgress(slug: string) {
  const queryClient = useQueryClient();
  const mutationKey = ['learn-progress', slug];
  return useMutation({
    mutationKey,
    scope: { id: `learn-progress-${slug}` },
    mutationFn: ({ uid, completedTopicIds }: SaveProgressInput) =>
      saveProgress(slug, uid, completedTopicIds),
    onMutate: async ({ uid, completedTopicIds }) => {
      const key = learnKeys.progress(slug, uid);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<LearnerProgress>(key);
      queryClient.setQueryData<LearnerProgress>(key, { completed_topic_ids: completedTopicIds });
      return { previous };
    },
    onError: async (_error, { uid }, context) => {
      const key = learnKeys.progress(slug, uid);
      queryClient.setQueryData<LearnerProgress>(
        key,
        context?.previous ?? { completed_topic_ids: [] },
      );
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (saved, { uid }) => {
      // A later save waiting its turn is already on screen: its own answer will settle it.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      queryClient.setQueryData(learnKeys.progress(slug, uid), saved);
    },
  });
}
