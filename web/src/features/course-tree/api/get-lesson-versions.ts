import { lessonVersionListSchema, type LessonVersionSummary } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys, type TopicRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

/** The kept versions of a topic's lesson, newest first (the current lesson marked). */
export function fetchLessonVersions(
  ref: TopicRef,
  signal?: AbortSignal,
): Promise<LessonVersionSummary[]> {
  return apiRequest(courseTreeApi.lessonVersions(ref), { schema: lessonVersionListSchema, signal });
}

export const lessonVersionsQueryOptions = (ref: TopicRef) =>
  queryOptions({
    queryKey: courseTreeKeys.lessonVersions(ref),
    queryFn: ({ signal }) => fetchLessonVersions(ref, signal),
  });

/** The versions of one topic's lesson; waits while no topic is given or `enabled` is false. */
export function useLessonVersions(ref: TopicRef | null, { enabled = true } = {}) {
  return useUserQuery({
    ...lessonVersionsQueryOptions(
      ref ?? { courseId: '', subjectId: '', chapterId: '', topicId: '' },
    ),
    enabled: ref !== null && enabled,
  });
}
