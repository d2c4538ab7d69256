import { courseSchema, type Course, type CourseSettings } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { storeCourse } from '../../lib/store-course';

export function updateCourseSettings(courseId: string, settings: CourseSettings): Promise<Course> {
  return apiRequest(`${courseTreeApi.course(courseId)}/settings`, {
    method: 'PUT',
    body: settings,
    schema: courseSchema,
  });
}

/** Replaces a course's settings; the cached course and its card show the answer. */
export function useUpdateCourseSettings(courseId: string) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (settings: CourseSettings) => updateCourseSettings(courseId, settings),
    onSuccess: (course) => storeCourse(scope, course),
  });
}
