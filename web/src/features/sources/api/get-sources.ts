import { sourcesResponseSchema, type SourcesResponse } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { sourcesApi, sourcesKeys } from './sources-keys';

/** How often the list is fetched again while a source is being read. */
export const READING_POLL_MS = 1500;

/** `GET /api/courses/{c}/sources`: the sources in the order added, with the coverage. */
export function fetchSources(courseId: string, signal?: AbortSignal): Promise<SourcesResponse> {
  return apiRequest(sourcesApi.list(courseId), { schema: sourcesResponseSchema, signal });
}

export const sourcesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: sourcesKeys.list(courseId),
    queryFn: ({ signal }) => fetchSources(courseId, signal),
    // The browser has no live Firestore here, so progress is followed by asking again.
    refetchInterval: (query) =>
      query.state.data?.sources.some((source) => source.status === 'reading')
        ? READING_POLL_MS
        : false,
  });

/** The course's sources, fetched again every moment while any is Reading…. */
export function useSources(courseId: string) {
  return useUserQuery(sourcesQueryOptions(courseId));
}
