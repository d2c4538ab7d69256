import type { Topic } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { useUserScope, type UserScope } from '../../../../lib/user-query';
import { patchItem } from '../../lib/cache';
import { courseTreeKeys, type SubjectRef, type TopicRef } from '../../lib/keys';

/**
 * After a lesson was written, replaced or deleted: the cached lesson becomes `content` and the
 * topic's dot follows at once; the topic list and the lesson's versions are then fetched again.
 */
export async function showContent(scope: UserScope, ref: TopicRef, content: string | null) {
  scope.setData(courseTreeKeys.content(ref), content);
  scope.setData(
    courseTreeKeys.topics(ref),
    patchItem(ref.topicId, (topic: Topic) => ({ ...topic, has_content: content !== null })),
  );
  await Promise.all([
    scope.invalidate(courseTreeKeys.topics(ref), { exact: true }),
    scope.invalidate(courseTreeKeys.lessonVersions(ref), { exact: true }),
  ]);
}

/** A lesson write of one of the subject's topics, named below the subject. */
export type LessonWrite = Omit<TopicRef, keyof SubjectRef> & { content: string };

/** The mutation of a request that writes a topic's lesson and answers it as stored. */
export function useLessonWriteMutation(
  subject: SubjectRef,
  write: (ref: TopicRef, content: string) => Promise<{ content: string }>,
) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ chapterId, topicId, content }: LessonWrite) =>
      write({ ...subject, chapterId, topicId }, content),
    onSuccess: ({ content }, { chapterId, topicId }) =>
      showContent(scope, { ...subject, chapterId, topicId }, content),
  });
}
