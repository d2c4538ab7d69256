import { courseSchema, type Course } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys } from '../lib/keys';
import { courseTreeApi } from './api-paths';

export function fetchCourses(signal?: AbortSignal): Promise<Course[]> {
  return apiRequest(courseTreeApi.myCourses, { schema: z.array(courseSchema), signal });
}

export const coursesQueryOptions = () =>
  queryOptions({
    queryKey: courseTreeKeys.courses(),
    queryFn: ({ signal }) => fetchCourses(signal),
  });

/** The signed-in user's courses, newest first. */
export function useCourses() {
  return useUserQuery(coursesQueryOptions());
}
