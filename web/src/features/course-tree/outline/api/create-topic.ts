import { topicSchema, type Chapter, type Topic } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { patchItem } from '../../lib/cache';
import { courseTreeKeys, type ChapterRef, type SubjectRef } from '../../lib/keys';

export function createTopic(ref: ChapterRef, name: string): Promise<Topic> {
  return apiRequest(courseTreeApi.topics(ref), {
    method: 'POST',
    body: { name },
    schema: topicSchema,
  });
}

/** Adds a topic by hand to a chapter; the chapter now has topics. */
export function useCreateTopic(subject: SubjectRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ chapterId, name }: { chapterId: string; name: string }) =>
      createTopic({ ...subject, chapterId }, name),
    onSuccess: async (topic, { chapterId }) => {
      const chapter = { ...subject, chapterId };
      scope.setData<Topic[]>(courseTreeKeys.topics(chapter), (topics) =>
        topics ? [...topics, topic] : topics,
      );
      scope.setData(
        courseTreeKeys.chapters(subject),
        patchItem(chapterId, (item: Chapter) => ({ ...item, has_topics: true })),
      );
      await Promise.all([
        scope.invalidate(courseTreeKeys.topics(chapter), { exact: true }),
        scope.invalidate(courseTreeKeys.chapters(subject), { exact: true }),
      ]);
    },
  });
}
