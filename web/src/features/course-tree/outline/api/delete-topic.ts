import type { Topic } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { courseTreeKeys, type SubjectRef, type TopicRef } from '../../lib/keys';

export function deleteTopic(ref: TopicRef) {
  return apiNoContent(courseTreeApi.topic(ref), { method: 'DELETE' });
}

/**
 * Deletes a topic: it leaves its chapter's list, its lesson leaves the cache, and the chapters
 * are fetched again (the chapter may have no topics left).
 */
export function useDeleteTopic(subject: SubjectRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ chapterId, topicId }: { chapterId: string; topicId: string }) =>
      deleteTopic({ ...subject, chapterId, topicId }),
    onSuccess: async (_answer, { chapterId, topicId }) => {
      const topics = courseTreeKeys.topics({ ...subject, chapterId });
      scope.setData<Topic[]>(topics, (list) => list?.filter((topic) => topic.id !== topicId));
      scope.remove(courseTreeKeys.content({ ...subject, chapterId, topicId }));
      await Promise.all([
        scope.invalidate(topics, { exact: true }),
        scope.invalidate(courseTreeKeys.chapters(subject), { exact: true }),
      ]);
    },
  });
}
