import { bulkImageResultSchema, imageResultSchema } from '@coursecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { courseKeys } from './courses-api';

const imagesPath = (courseId: string) => `/images/courses/${encodeURIComponent(courseId)}`;

/**
 * Gemini draws covers: a course's, a subject's, or every subject's of a course. Each refreshes
 * the cached courses and subjects, whose image_url now carries the new cover.
 */
export function useImageMutations() {
  const queryClient = useQueryClient();
  const uid = useSession().user?.uid;
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all(uid) });
  return {
    courseImage: useMutation({
      mutationFn: (courseId: string) =>
        apiRequest(`${imagesPath(courseId)}/generate`, {
          method: 'POST',
          body: {},
          schema: imageResultSchema,
        }),
      onSuccess: refresh,
    }),
    subjectImage: useMutation({
      mutationFn: ({ courseId, subjectId }: { courseId: string; subjectId: string }) =>
        apiRequest(`${imagesPath(courseId)}/subjects/${encodeURIComponent(subjectId)}/generate`, {
          method: 'POST',
          body: {},
          schema: imageResultSchema,
        }),
      onSuccess: refresh,
    }),
    allSubjectImages: useMutation({
      mutationFn: (courseId: string) =>
        apiRequest(`${imagesPath(courseId)}/subjects/generate-all`, {
          method: 'POST',
          body: {},
          schema: bulkImageResultSchema,
        }),
      onSuccess: refresh,
    }),
  };
}
