import { imageResultSchema, type Subject } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePendingVariables } from '../../../lib/use-pending-mutations';
import { useUserScope } from '../../../lib/user-query';
import { patchItem, patchOne } from '../lib/cache';
import { courseTreeKeys, type SubjectRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

const mutationKey = ['course-tree', 'generate-subject-image'];

/** Gemini draws a subject's cover; the answer is its new (cache-busted) URL. */
export function generateSubjectImage(ref: SubjectRef) {
  return apiRequest(courseTreeApi.subjectImage(ref), {
    method: 'POST',
    body: {},
    schema: imageResultSchema,
  });
}

/** Draws a subject's cover and shows it on the cached subject. */
export function useGenerateSubjectImage() {
  const scope = useUserScope();
  return useMutation({
    mutationKey,
    mutationFn: generateSubjectImage,
    onSuccess: ({ image_url }, ref) => {
      const cover = (subject: Subject) => ({ ...subject, image_url });
      scope.setData(courseTreeKeys.subjects(ref.courseId), patchItem(ref.subjectId, cover));
      scope.setData(courseTreeKeys.subject(ref), patchOne(cover));
    },
  });
}

/** Ids of the subjects whose cover is being drawn one by one. */
export function useSubjectsDrawingCover(): ReadonlySet<string> {
  return new Set(usePendingVariables<SubjectRef>(mutationKey).map((ref) => ref.subjectId));
}
