import { subjectSchema, type Subject } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys, type SubjectRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

export function fetchSubject(ref: SubjectRef, signal?: AbortSignal): Promise<Subject> {
  return apiRequest(courseTreeApi.subject(ref), { schema: subjectSchema, signal });
}

export const subjectQueryOptions = (ref: SubjectRef) =>
  queryOptions({
    queryKey: courseTreeKeys.subject(ref),
    queryFn: ({ signal }) => fetchSubject(ref, signal),
  });

export function useSubject(ref: SubjectRef) {
  return useUserQuery(subjectQueryOptions(ref));
}
