import { subjectSchema, type Subject } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys } from '../lib/keys';
import { courseTreeApi } from './api-paths';

export function fetchSubjects(courseId: string, signal?: AbortSignal): Promise<Subject[]> {
  return apiRequest(courseTreeApi.subjects(courseId), { schema: z.array(subjectSchema), signal });
}

export const subjectsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseTreeKeys.subjects(courseId),
    queryFn: ({ signal }) => fetchSubjects(courseId, signal),
  });

/** The subjects of one course. */
export function useSubjects(courseId: string) {
  return useUserQuery(subjectsQueryOptions(courseId));
}
