import { courseExportTreeSchema, type CourseExportTree } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys } from '../lib/keys';
import { courseTreeApi } from './api-paths';

export function fetchCourseTree(courseId: string, signal?: AbortSignal): Promise<CourseExportTree> {
  return apiRequest(courseTreeApi.courseTree(courseId), { schema: courseExportTreeSchema, signal });
}

export const courseTreeQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseTreeKeys.tree(courseId),
    queryFn: ({ signal }) => fetchCourseTree(courseId, signal),
    staleTime: 0,
  });

/** The whole course in outline order with every lesson, read afresh each time it is shown. */
export function useCourseTree(courseId: string) {
  return useUserQuery(courseTreeQueryOptions(courseId));
}
