import { publicationSchema, type Publication } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { storePublication } from './publication-cache';
import { publishingApi } from './publishing-keys';

/** `POST /api/courses/{c}/publish`: a new snapshot of the course, behind the same link once published. */
export function publishCourse(courseId: string): Promise<Publication> {
  return apiRequest(publishingApi.publication(courseId), {
    method: 'POST',
    schema: publicationSchema,
  });
}

/** Publishes the course, or publishes its changes (variables: the course id). */
export function usePublishCourse() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: publishCourse,
    onSuccess: (publication, courseId) => storePublication(scope, courseId, publication),
  });
}
