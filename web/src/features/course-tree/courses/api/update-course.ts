import { courseSchema, type Course, type CourseInput } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { storeCourse } from '../../lib/store-course';

export function updateCourse(courseId: string, input: CourseInput): Promise<Course> {
  return apiRequest(courseTreeApi.course(courseId), {
    method: 'PUT',
    body: input,
    schema: courseSchema,
  });
}

/** Renames or redescribes a course; the cached course and its card show the answer. */
export function useUpdateCourse() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ courseId, input }: { courseId: string; input: CourseInput }) =>
      updateCourse(courseId, input),
    onSuccess: (course) => storeCourse(scope, course),
  });
}
