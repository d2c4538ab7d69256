import { courseSchema, type Course, type NewCourseInput } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeKeys } from '../../lib/keys';

/** Creates a course by hand, with its settings (no AI, no API key needed). */
export function createCourse(input: NewCourseInput): Promise<Course> {
  return apiRequest('/courses/create-manual', {
    method: 'POST',
    body: input,
    schema: courseSchema,
  });
}

/** Creates a course; the course list is fetched again. */
export function useCreateCourse() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => scope.invalidate(courseTreeKeys.courses(), { exact: true }),
  });
}
