import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { storePublication } from './publication-cache';
import { publishingApi } from './publishing-keys';

/** `DELETE /api/courses/{c}/publish`: the share link stops working. */
export function unpublishCourse(courseId: string): Promise<{ message: string }> {
  return apiRequest(publishingApi.publication(courseId), {
    method: 'DELETE',
    schema: z.object({ message: z.string() }),
  });
}

/** Unpublishes the course (variables: the course id). */
export function useUnpublishCourse() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: unpublishCourse,
    onSuccess: (_answer, courseId) => storePublication(scope, courseId, null),
  });
}
