import { chapterSchema, type Chapter, type Subject } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { usePendingVariables } from '../../../lib/use-pending-mutations';
import { useUserScope } from '../../../lib/user-query';
import { patchItem, patchOne } from '../lib/cache';
import { courseTreeKeys, type SubjectRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

const mutationKey = ['course-tree', 'generate-chapters'];

/** Gemini plans (or re-plans, replacing them) the subject's chapters. */
export function generateChapters(ref: SubjectRef & { instructions?: string }): Promise<Chapter[]> {
  return apiRequest(`${courseTreeApi.subject(ref)}/generate_chapters`, {
    method: 'POST',
    body: { instructions: ref.instructions },
    schema: z.array(chapterSchema),
  });
}

/** Generates a subject's chapters; the new list is cached and the subject gets has_chapters. */
export function useGenerateChapters() {
  const scope = useUserScope();
  return useMutation({
    mutationKey,
    mutationFn: generateChapters,
    onSuccess: async (chapters, ref) => {
      scope.setData(courseTreeKeys.chapters(ref), chapters);
      const flag = (subject: Subject) => ({ ...subject, has_chapters: chapters.length > 0 });
      scope.setData(courseTreeKeys.subjects(ref.courseId), patchItem(ref.subjectId, flag));
      scope.setData(courseTreeKeys.subject(ref), patchOne(flag));
      await Promise.all([
        scope.invalidate(courseTreeKeys.subjects(ref.courseId), { exact: true }),
        scope.invalidate(courseTreeKeys.subject(ref), { exact: true }),
      ]);
    },
  });
}

/** Ids of the subjects whose chapters are being generated. */
export function useSubjectsGeneratingChapters(): ReadonlySet<string> {
  return new Set(usePendingVariables<SubjectRef>(mutationKey).map((ref) => ref.subjectId));
}
