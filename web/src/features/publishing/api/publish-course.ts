import { publicationSchema, type Publication, type PublishRequest } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { storePublication } from './publication-cache';
import { publishingApi } from './publishing-keys';

/**
 * `POST /api/courses/{c}/publish`: a new snapshot of the course, behind the same link once
 * published. `listed` left out keeps the current "List in search engines" choice.
 */
export function publishCourse(
  courseId: string,
  request: PublishRequest = {},
): Promise<Publication> {
  return apiRequest(publishingApi.publication(courseId), {
    method: 'POST',
    body: request,
    schema: publicationSchema,
  });
}

/** Publishes the course, or publishes its changes. */
export function usePublishCourse() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ courseId, request }: { courseId: string; request?: PublishRequest }) =>
      publishCourse(courseId, request),
    onSuccess: (publication, { courseId }) => storePublication(scope, courseId, publication),
  });
}
