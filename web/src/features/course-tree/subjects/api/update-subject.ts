import { subjectSchema, type Subject } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { patchItem } from '../../lib/cache';
import { courseTreeKeys, type SubjectRef } from '../../lib/keys';

export function updateSubject(ref: SubjectRef, name: string): Promise<Subject> {
  return apiRequest(courseTreeApi.subject(ref), {
    method: 'PUT',
    body: { name },
    schema: subjectSchema,
  });
}

/** Renames a subject; the cached subject and its card show the answer. */
export function useUpdateSubject(courseId: string) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ subjectId, name }: { subjectId: string; name: string }) =>
      updateSubject({ courseId, subjectId }, name),
    onSuccess: async (subject) => {
      scope.setData(courseTreeKeys.subject({ courseId, subjectId: subject.id }), subject);
      scope.setData(
        courseTreeKeys.subjects(courseId),
        patchItem(subject.id, () => subject),
      );
      await scope.invalidate(courseTreeKeys.subjects(courseId), { exact: true });
    },
  });
}
