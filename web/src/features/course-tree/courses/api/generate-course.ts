import { courseSchema, type Course, type CourseSettings } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeKeys } from '../../lib/keys';

/**
 * Gemini drafts a course (name and description) from the author's typed description, in the
 * course's settings, which the course keeps.
 */
export function generateCourse({
  text,
  settings,
}: {
  text: string;
  settings: CourseSettings;
}): Promise<Course> {
  return apiRequest('/courses/add_course', {
    method: 'POST',
    body: { name: text, settings },
    schema: courseSchema,
  });
}

/** Drafts a course from text; the course list is fetched again. */
export function useGenerateCourse() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: generateCourse,
    onSuccess: () => scope.invalidate(courseTreeKeys.courses(), { exact: true }),
  });
}
