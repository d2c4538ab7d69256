import { subjectSchema, type Course, type Subject } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { patchItem, patchOne } from '../../lib/cache';
import { courseTreeKeys } from '../../lib/keys';

export function createSubject(courseId: string, name: string): Promise<Subject> {
  return apiRequest(courseTreeApi.subjects(courseId), {
    method: 'POST',
    body: { name },
    schema: subjectSchema,
  });
}

/** Adds a subject by hand (variables: its name); the course now has subjects. */
export function useCreateSubject(courseId: string) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (name: string) => createSubject(courseId, name),
    onSuccess: async (subject) => {
      scope.setData<Subject[]>(courseTreeKeys.subjects(courseId), (subjects) =>
        subjects ? [...subjects, subject] : subjects,
      );
      const flag = (course: Course) => ({ ...course, has_subjects: true });
      scope.setData(courseTreeKeys.courses(), patchItem(courseId, flag));
      scope.setData(courseTreeKeys.course(courseId), patchOne(flag));
      await scope.invalidate(courseTreeKeys.subjects(courseId), { exact: true });
    },
  });
}
