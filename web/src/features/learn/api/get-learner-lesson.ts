import { learnerLessonSchema, type LearnerLesson } from '@coursecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { learnApi, learnKeys } from '../learn-keys';

/** `GET /api/learn/{slug}/topics/{t}?v={version}`: one lesson of that snapshot; public. */
export function fetchLearnerLesson(
  slug: string,
  topicId: string,
  version: number,
  signal?: AbortSignal,
): Promise<LearnerLesson> {
  return apiRequest(learnApi.lesson(slug, topicId, version), {
    schema: learnerLessonSchema,
    sendToken: false,
    signal,
  });
}

export const learnerLessonQueryOptions = (slug: string, topicId: string, version: number) =>
  queryOptions({
    queryKey: learnKeys.lesson(slug, topicId, version),
    queryFn: ({ signal }) => fetchLearnerLesson(slug, topicId, version, signal),
  });

/**
 * The lesson of a topic of the course's snapshot `version` (always the version of the course on
 * screen); waits while the course, and so the version, is not known.
 */
export function useLearnerLesson(slug: string, topicId: string, version: number | undefined) {
  return useQuery({
    ...learnerLessonQueryOptions(slug, topicId, version ?? 0),
    enabled: version !== undefined,
  });
}
