import { topicSchema, type Topic } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { patchItem } from '../../lib/cache';
import { courseTreeKeys, type SubjectRef, type TopicRef } from '../../lib/keys';

export function updateTopic(ref: TopicRef, name: string): Promise<Topic> {
  return apiRequest(courseTreeApi.topic(ref), {
    method: 'PUT',
    body: { name },
    schema: topicSchema,
  });
}

/** Renames a topic; the cached topic list shows the answer at once. */
export function useUpdateTopic(subject: SubjectRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({
      chapterId,
      topicId,
      name,
    }: {
      chapterId: string;
      topicId: string;
      name: string;
    }) => updateTopic({ ...subject, chapterId, topicId }, name),
    onSuccess: async (topic, { chapterId }) => {
      const topics = courseTreeKeys.topics({ ...subject, chapterId });
      scope.setData(
        topics,
        patchItem(topic.id, () => topic),
      );
      await scope.invalidate(topics, { exact: true });
    },
  });
}
