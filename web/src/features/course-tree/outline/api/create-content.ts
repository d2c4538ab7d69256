import { contentResponseSchema } from '@coursecraft/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { courseTreeApi } from '../../api/api-paths';
import type { SubjectRef, TopicRef } from '../../lib/keys';
import { useLessonWriteMutation } from './content-cache';

/** Writes a topic's first lesson by hand. */
export function createContent(ref: TopicRef, content: string) {
  return apiRequest(courseTreeApi.content(ref), {
    method: 'POST',
    body: { content },
    schema: contentResponseSchema,
  });
}

export function useCreateContent(subject: SubjectRef) {
  return useLessonWriteMutation(subject, createContent);
}
