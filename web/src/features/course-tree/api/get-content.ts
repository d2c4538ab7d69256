import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys, type SubjectRef, type TopicRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

/** A topic's markdown lesson; null when it has none yet (the API answers 404). */
export async function fetchContent(ref: TopicRef, signal?: AbortSignal): Promise<string | null> {
  try {
    return await apiRequest(courseTreeApi.content(ref), { schema: z.string(), signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const contentQueryOptions = (ref: TopicRef) =>
  queryOptions({
    queryKey: courseTreeKeys.content(ref),
    queryFn: ({ signal }) => fetchContent(ref, signal),
  });

/** The lesson of one topic; waits while no topic (or its chapter) is known. */
export function useContent(
  subject: SubjectRef,
  topic: { chapterId: string; topicId: string } | null,
) {
  return useUserQuery({
    ...contentQueryOptions({ ...subject, chapterId: '', topicId: '', ...topic }),
    enabled: topic !== null,
  });
}
