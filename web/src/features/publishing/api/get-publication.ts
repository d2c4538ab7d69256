import { publicationStatusSchema, type PublicationStatus } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { publishingApi, publishingKeys } from './publishing-keys';

/** `GET /api/courses/{c}/publish`: the live publication, or null. */
export function fetchPublication(
  courseId: string,
  signal?: AbortSignal,
): Promise<PublicationStatus> {
  return apiRequest(publishingApi.publication(courseId), {
    schema: publicationStatusSchema,
    signal,
  });
}

export const publicationQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: publishingKeys.publication(courseId),
    queryFn: ({ signal }) => fetchPublication(courseId, signal),
  });

/** Whether the signed-in author's course is published, and its share link when it is. */
export function usePublication(courseId: string) {
  return useUserQuery(publicationQueryOptions(courseId));
}
