import { publicationSchema, type Publication } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { storePublication } from './publication-cache';
import { publishingApi } from './publishing-keys';

/** `PUT /api/courses/{c}/publish/listing`: turns "List in search engines" on or off. */
export function setListing(courseId: string, listed: boolean): Promise<Publication> {
  return apiRequest(publishingApi.listing(courseId), {
    method: 'PUT',
    body: { listed },
    schema: publicationSchema,
  });
}

/** The Publishing panel's switch (variables: the course id and the new choice). */
export function useSetListing() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ courseId, listed }: { courseId: string; listed: boolean }) =>
      setListing(courseId, listed),
    onSuccess: (publication, { courseId }) => storePublication(scope, courseId, publication),
  });
}
