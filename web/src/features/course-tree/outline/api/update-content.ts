import { contentResponseSchema } from '@coursecraft/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { courseTreeApi } from '../../api/api-paths';
import type { SubjectRef, TopicRef } from '../../lib/keys';
import { useLessonWriteMutation } from './content-cache';

/** Replaces a topic's lesson with the author's markdown. */
export function updateContent(ref: TopicRef, content: string) {
  return apiRequest(courseTreeApi.content(ref), {
    method: 'PUT',
    body: { content },
    schema: contentResponseSchema,
  });
}

export function useUpdateContent(subject: SubjectRef) {
  return useLessonWriteMutation(subject, updateContent);
}
