import { courseAnalyticsSchema, type CourseAnalytics } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { publishingApi, publishingKeys } from './publishing-keys';

/** `GET /api/courses/{c}/analytics`: how learners progress through the published course. */
export function fetchCourseAnalytics(
  courseId: string,
  signal?: AbortSignal,
): Promise<CourseAnalytics> {
  return apiRequest(publishingApi.analytics(courseId), { schema: courseAnalyticsSchema, signal });
}

export const courseAnalyticsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: publishingKeys.analytics(courseId),
    queryFn: ({ signal }) => fetchCourseAnalytics(courseId, signal),
  });

/** The course's learner figures, fetched afresh each time the page opens. */
export function useCourseAnalytics(courseId: string) {
  return useUserQuery(courseAnalyticsQueryOptions(courseId));
}
