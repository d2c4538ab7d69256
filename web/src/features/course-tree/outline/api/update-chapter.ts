import { chapterSchema, type Chapter } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { patchItem } from '../../lib/cache';
import { courseTreeKeys, type ChapterRef, type SubjectRef } from '../../lib/keys';

export function updateChapter(ref: ChapterRef, name: string): Promise<Chapter> {
  return apiRequest(courseTreeApi.chapter(ref), {
    method: 'PUT',
    body: { name },
    schema: chapterSchema,
  });
}

/** Renames a chapter; the cached chapter list shows the answer at once. */
export function useUpdateChapter(subject: SubjectRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ chapterId, name }: { chapterId: string; name: string }) =>
      updateChapter({ ...subject, chapterId }, name),
    onSuccess: async (chapter) => {
      scope.setData(
        courseTreeKeys.chapters(subject),
        patchItem(chapter.id, () => chapter),
      );
      await scope.invalidate(courseTreeKeys.chapters(subject), { exact: true });
    },
  });
}
