import type { Chapter } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { courseTreeKeys, type ChapterRef, type SubjectRef } from '../../lib/keys';

export function deleteChapter(ref: ChapterRef) {
  return apiNoContent(courseTreeApi.chapter(ref), { method: 'DELETE' });
}

/**
 * Deletes a chapter (variables: its id): it leaves the list, its topics and lessons leave the
 * cache, and the subject is fetched again (it may have no chapters left).
 */
export function useDeleteChapter(subject: SubjectRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (chapterId: string) => deleteChapter({ ...subject, chapterId }),
    onSuccess: async (_answer, chapterId) => {
      scope.setData<Chapter[]>(courseTreeKeys.chapters(subject), (chapters) =>
        chapters?.filter((chapter) => chapter.id !== chapterId),
      );
      scope.remove(courseTreeKeys.chapter({ ...subject, chapterId }));
      await Promise.all([
        scope.invalidate(courseTreeKeys.chapters(subject), { exact: true }),
        scope.invalidate(courseTreeKeys.subject(subject), { exact: true }),
        scope.invalidate(courseTreeKeys.subjects(subject.courseId), { exact: true }),
      ]);
    },
  });
}
