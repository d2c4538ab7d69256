import type { Course } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { courseTreeKeys } from '../../lib/keys';

export function deleteCourse(courseId: string) {
  return apiNoContent(courseTreeApi.course(courseId), { method: 'DELETE' });
}

/** Deletes a course: it leaves the list, and everything cached below it leaves the cache. */
export function useDeleteCourse() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: async (_answer, courseId) => {
      scope.setData<Course[]>(courseTreeKeys.courses(), (courses) =>
        courses?.filter((course) => course.id !== courseId),
      );
      scope.remove(courseTreeKeys.course(courseId));
      await scope.invalidate(courseTreeKeys.courses(), { exact: true });
    },
  });
}
