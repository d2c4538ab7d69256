import { bulkImageResultSchema, type BulkImageResult, type Subject } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePendingVariables } from '../../../lib/use-pending-mutations';
import { useUserScope } from '../../../lib/user-query';
import { patchItem, patchOne } from '../lib/cache';
import { courseTreeKeys } from '../lib/keys';
import { courseTreeApi } from './api-paths';

const mutationKey = ['course-tree', 'generate-subject-images'];

/** Gemini draws a cover for every subject of a course; some may fail (`failed`). */
export function generateSubjectImages(courseId: string): Promise<BulkImageResult> {
  return apiRequest(courseTreeApi.subjectImages(courseId), {
    method: 'POST',
    body: {},
    schema: bulkImageResultSchema,
  });
}

/** Draws every subject's cover (variables: the course id) and shows the new ones. */
export function useGenerateSubjectImages() {
  const scope = useUserScope();
  return useMutation({
    mutationKey,
    mutationFn: generateSubjectImages,
    onSuccess: ({ results }, courseId) => {
      for (const { id, image_url } of results) {
        const cover = (subject: Subject) => ({ ...subject, image_url });
        scope.setData(courseTreeKeys.subjects(courseId), patchItem(id, cover));
        scope.setData(courseTreeKeys.subject({ courseId, subjectId: id }), patchOne(cover));
      }
    },
  });
}

/** Ids of the courses whose subject covers are being drawn in bulk. */
export function useCoursesDrawingSubjectCovers(): ReadonlySet<string> {
  return new Set(usePendingVariables<string>(mutationKey));
}
