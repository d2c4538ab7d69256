import { subjectSchema, type Course, type Subject } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { usePendingVariables } from '../../../lib/use-pending-mutations';
import { useUserScope } from '../../../lib/user-query';
import { patchItem, patchOne } from '../lib/cache';
import { courseTreeKeys } from '../lib/keys';
import { courseTreeApi } from './api-paths';

const mutationKey = ['course-tree', 'generate-subjects'];

/** A course's subjects to (re)generate; with `instructions`, Gemini changes the current ones. */
export interface SubjectsGeneration {
  courseId: string;
  instructions?: string;
}

/** Gemini plans (or re-plans, replacing them) the course's subjects. */
export function generateSubjects({
  courseId,
  instructions,
}: SubjectsGeneration): Promise<Subject[]> {
  return apiRequest(`${courseTreeApi.course(courseId)}/generate_subjects`, {
    method: 'POST',
    body: { instructions },
    schema: z.array(subjectSchema),
  });
}

/** Generates a course's subjects; the course gets has_subjects. */
export function useGenerateSubjects() {
  const scope = useUserScope();
  return useMutation({
    mutationKey,
    mutationFn: generateSubjects,
    onSuccess: async (subjects, { courseId }) => {
      scope.setData(courseTreeKeys.subjects(courseId), subjects);
      const flag = (course: Course) => ({ ...course, has_subjects: subjects.length > 0 });
      scope.setData(courseTreeKeys.courses(), patchItem(courseId, flag));
      scope.setData(courseTreeKeys.course(courseId), patchOne(flag));
      await Promise.all([
        scope.invalidate(courseTreeKeys.courses(), { exact: true }),
        scope.invalidate(courseTreeKeys.course(courseId), { exact: true }),
      ]);
    },
  });
}

/** Ids of the courses whose subjects are being generated. */
export function useCoursesGeneratingSubjects(): ReadonlySet<string> {
  return new Set(
    usePendingVariables<SubjectsGeneration>(mutationKey).map(({ courseId }) => courseId),
  );
}
