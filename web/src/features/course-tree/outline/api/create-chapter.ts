import { chapterSchema, type Chapter, type Subject } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { patchItem, patchOne } from '../../lib/cache';
import { courseTreeKeys, type SubjectRef } from '../../lib/keys';

export function createChapter(ref: SubjectRef, name: string): Promise<Chapter> {
  return apiRequest(courseTreeApi.chapters(ref), {
    method: 'POST',
    body: { name },
    schema: chapterSchema,
  });
}

/** Adds a chapter by hand (variables: its name); the subject now has chapters. */
export function useCreateChapter(subject: SubjectRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (name: string) => createChapter(subject, name),
    onSuccess: async (chapter) => {
      scope.setData<Chapter[]>(courseTreeKeys.chapters(subject), (chapters) =>
        chapters ? [...chapters, chapter] : chapters,
      );
      const flag = (item: Subject) => ({ ...item, has_chapters: true });
      scope.setData(courseTreeKeys.subject(subject), patchOne(flag));
      scope.setData(courseTreeKeys.subjects(subject.courseId), patchItem(subject.subjectId, flag));
      await scope.invalidate(courseTreeKeys.chapters(subject), { exact: true });
    },
  });
}
