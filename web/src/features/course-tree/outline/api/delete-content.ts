import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import type { SubjectRef, TopicRef } from '../../lib/keys';
import { showContent } from './content-cache';

export function deleteContent(ref: TopicRef) {
  return apiNoContent(courseTreeApi.content(ref), { method: 'DELETE' });
}

/** Deletes a topic's lesson; its dot turns grey at once. */
export function useDeleteContent(subject: SubjectRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ chapterId, topicId }: Omit<TopicRef, keyof SubjectRef>) =>
      deleteContent({ ...subject, chapterId, topicId }),
    onSuccess: (_answer, { chapterId, topicId }) =>
      showContent(scope, { ...subject, chapterId, topicId }, null),
  });
}
