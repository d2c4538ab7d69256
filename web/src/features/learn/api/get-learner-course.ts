import { learnerCourseSchema, type LearnerCourse } from '@coursecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { learnApi, learnKeys } from '../learn-keys';

/** `GET /api/learn/{slug}`: the published course with its outline; public. */
export function fetchLearnerCourse(slug: string, signal?: AbortSignal): Promise<LearnerCourse> {
  return apiRequest(learnApi.course(slug), {
    schema: learnerCourseSchema,
    sendToken: false,
    signal,
  });
}

export const learnerCourseQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: learnKeys.course(slug),
    queryFn: ({ signal }) => fetchLearnerCourse(slug, signal),
  });

/** The published course of a share link, for anyone. */
export function useLearnerCourse(slug: string) {
  return useQuery(learnerCourseQueryOptions(slug));
}
