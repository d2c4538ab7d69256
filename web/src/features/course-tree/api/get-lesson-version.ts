import { lessonVersionSchema, type LessonVersion } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys, type TopicRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

/** One version of a topic's lesson, with its markdown. */
export function fetchLessonVersion(
  ref: TopicRef,
  versionId: string,
  signal?: AbortSignal,
): Promise<LessonVersion> {
  return apiRequest(courseTreeApi.lessonVersion(ref, versionId), {
    schema: lessonVersionSchema,
    signal,
  });
}

/** A version never changes once written, so it is read once. */
export const lessonVersionQueryOptions = (ref: TopicRef, versionId: string) =>
  queryOptions({
    queryKey: courseTreeKeys.lessonVersion(ref, versionId),
    queryFn: ({ signal }) => fetchLessonVersion(ref, versionId, signal),
    staleTime: Infinity,
  });

/** One version's markdown; waits while no version is chosen. */
export function useLessonVersion(ref: TopicRef, versionId: string | null) {
  return useUserQuery({
    ...lessonVersionQueryOptions(ref, versionId ?? ''),
    enabled: versionId !== null,
  });
}
