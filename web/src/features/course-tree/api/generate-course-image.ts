import { imageResultSchema, type Course } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePendingVariables } from '../../../lib/use-pending-mutations';
import { useUserScope } from '../../../lib/user-query';
import { patchItem, patchOne } from '../lib/cache';
import { courseTreeKeys } from '../lib/keys';
import { courseTreeApi } from './api-paths';

const mutationKey = ['course-tree', 'generate-course-image'];

/** Gemini draws a course's cover; the answer is its new (cache-busted) URL. */
export function generateCourseImage(courseId: string) {
  return apiRequest(courseTreeApi.courseImage(courseId), {
    method: 'POST',
    body: {},
    schema: imageResultSchema,
  });
}

/** Draws a course's cover (variables: the course id) and shows it on the cached course. */
export function useGenerateCourseImage() {
  const scope = useUserScope();
  return useMutation({
    mutationKey,
    mutationFn: generateCourseImage,
    onSuccess: ({ image_url }, courseId) => {
      const cover = (course: Course) => ({ ...course, image_url });
      scope.setData(courseTreeKeys.courses(), patchItem(courseId, cover));
      scope.setData(courseTreeKeys.course(courseId), patchOne(cover));
    },
  });
}

/** Ids of the courses whose cover is being drawn. */
export function useCoursesDrawingCover(): ReadonlySet<string> {
  return new Set(usePendingVariables<string>(mutationKey));
}
