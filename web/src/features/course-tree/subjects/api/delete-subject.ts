import type { Subject } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { courseTreeKeys, type SubjectRef } from '../../lib/keys';

export function deleteSubject(ref: SubjectRef) {
  return apiNoContent(courseTreeApi.subject(ref), { method: 'DELETE' });
}

/**
 * Deletes a subject (variables: its id): it leaves the list and the cache, and the course is
 * fetched again (it may have no subjects left).
 */
export function useDeleteSubject(courseId: string) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (subjectId: string) => deleteSubject({ courseId, subjectId }),
    onSuccess: async (_answer, subjectId) => {
      scope.setData<Subject[]>(courseTreeKeys.subjects(courseId), (subjects) =>
        subjects?.filter((subject) => subject.id !== subjectId),
      );
      scope.remove(courseTreeKeys.subject({ courseId, subjectId }));
      await Promise.all([
        scope.invalidate(courseTreeKeys.subjects(courseId), { exact: true }),
        scope.invalidate(courseTreeKeys.course(courseId), { exact: true }),
        scope.invalidate(courseTreeKeys.courses(), { exact: true }),
      ]);
    },
  });
}
