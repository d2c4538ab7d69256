import { courseSchema, type Course } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery, useUserScope } from '../../../lib/user-query';
import { courseTreeKeys } from '../lib/keys';
import { courseTreeApi } from './api-paths';

export function fetchCourse(courseId: string, signal?: AbortSignal): Promise<Course> {
  return apiRequest(courseTreeApi.course(courseId), { schema: courseSchema, signal });
}

export const courseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseTreeKeys.course(courseId),
    queryFn: ({ signal }) => fetchCourse(courseId, signal),
  });

/** One course of the signed-in user, shown at once from the course list when it is cached. */
export function useCourse(courseId: string) {
  const scope = useUserScope();
  return useUserQuery({
    ...courseQueryOptions(courseId),
    initialData: () =>
      scope.getData<Course[]>(courseTreeKeys.courses())?.find((course) => course.id === courseId),
  });
}
