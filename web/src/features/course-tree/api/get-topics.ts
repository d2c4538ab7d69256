import { topicSchema, type Topic } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys, type ChapterRef, type SubjectRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

export function fetchTopics(ref: ChapterRef, signal?: AbortSignal): Promise<Topic[]> {
  return apiRequest(courseTreeApi.topics(ref), { schema: z.array(topicSchema), signal });
}

export const topicsQueryOptions = (ref: ChapterRef) =>
  queryOptions({
    queryKey: courseTreeKeys.topics(ref),
    queryFn: ({ signal }) => fetchTopics(ref, signal),
  });

/** The topics of one chapter; waits while `chapterId` is null (no chapter chosen). */
export function useTopics(subject: SubjectRef, chapterId: string | null) {
  return useUserQuery({
    ...topicsQueryOptions({ ...subject, chapterId: chapterId ?? '' }),
    enabled: chapterId !== null,
  });
}
