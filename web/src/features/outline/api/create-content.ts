import { contentResponseSchema } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { courseTreeApi } from '../../../lib/course-tree/api-paths';
import type { SubjectRef, TopicRef } from '../../../lib/course-tree/keys';
import { useUserScope } from '../../../lib/user-query';
import { showContent } from './content-cache';

/** Writes a topic's first lesson by hand. */
export function createContent(ref: TopicRef, content: string) {
  return apiRequest(courseTreeApi.content(ref), {
    method: 'POST',
    body: { content },
    schema: contentResponseSchema,
  });
}

export function useCreateContent(subject: SubjectRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({
      chapterId,
      topicId,
      content,
    }: Omit<TopicRef, keyof SubjectRef> & { content: string }) =>
      createContent({ ...subject, chapterId, topicId }, content),
    onSuccess: ({ content }, { chapterId, topicId }) =>
      showContent(scope, { ...subject, chapterId, topicId }, content),
  });
}
