import { latestJobSchema, type LatestJob } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserQuery } from '../../../../lib/user-query';
import { generationJobApi } from './api-paths';
import { generationJobKeys } from './keys';

export function fetchLatestJob(courseId: string, signal?: AbortSignal): Promise<LatestJob> {
  return apiRequest(generationJobApi.latest(courseId), { schema: latestJobSchema, signal });
}

export const latestJobQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: generationJobKeys.latest(courseId),
    queryFn: ({ signal }) => fetchLatestJob(courseId, signal),
  });

/** The course's latest whole-course job (running, stopped or finished), or `{ job: null }`. */
export function useLatestJob(courseId: string) {
  return useUserQuery(latestJobQueryOptions(courseId));
}
