import { changedLessonsSchema, type ChangedLessons } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { sourcesApi, sourcesKeys } from './sources-keys';

/** `GET /api/courses/{c}/changed_lessons`: the lessons citing a source since removed or replaced. */
export function fetchChangedLessons(
  courseId: string,
  signal?: AbortSignal,
): Promise<ChangedLessons> {
  return apiRequest(sourcesApi.changedLessons(courseId), { schema: changedLessonsSchema, signal });
}

export const changedLessonsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: sourcesKeys.changedLessons(courseId),
    queryFn: ({ signal }) => fetchChangedLessons(courseId, signal),
  });

/** The course's lessons that show Source changed; read again when a source or a lesson changes. */
export function useChangedLessons(courseId: string) {
  return useUserQuery(changedLessonsQueryOptions(courseId));
}
