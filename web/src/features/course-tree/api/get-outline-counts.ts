import { outlineCountsSchema, type OutlineCounts } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys } from '../lib/keys';
import { courseTreeApi } from './api-paths';

/** A course (its subjects and everything below them) or one subject (its chapters and below). */
export interface CountsRef {
  courseId: string;
  subjectId?: string;
}

export function fetchOutlineCounts(ref: CountsRef, signal?: AbortSignal): Promise<OutlineCounts> {
  const { courseId, subjectId } = ref;
  const path =
    subjectId === undefined
      ? courseTreeApi.courseCounts(courseId)
      : courseTreeApi.subjectCounts({ courseId, subjectId });
  return apiRequest(path, { schema: outlineCountsSchema, signal });
}

export const outlineCountsQueryOptions = (ref: CountsRef) =>
  queryOptions({
    queryKey: courseTreeKeys.counts(ref),
    queryFn: ({ signal }) => fetchOutlineCounts(ref, signal),
    staleTime: 0,
  });

/**
 * How many items lie below a course or a subject (what regenerating its list replaces), asked
 * afresh each time it is shown; waits while `ref` is null.
 */
export function useOutlineCounts(ref: CountsRef | null) {
  return useUserQuery({
    ...outlineCountsQueryOptions(ref ?? { courseId: '' }),
    enabled: ref !== null,
  });
}
