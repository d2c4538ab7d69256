import {
  chapterQuizSchema,
  type ChapterQuiz,
  type ChapterQuizSettings,
} from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { chapterQuizKey, chapterQuizPath, type ChapterIds } from './chapter-quiz-keys';

/** `PUT .../chapters/{ch}/quiz`: the whole settings. */
export async function updateChapterQuiz(
  chapter: ChapterIds,
  settings: ChapterQuizSettings,
): Promise<ChapterQuiz> {
  return apiRequest(chapterQuizPath(chapter), {
    method: 'PUT',
    body: settings,
    schema: chapterQuizSchema,
  });
}

/** Save: the answer becomes the cached settings of the chapter. */
export function useUpdateChapterQuiz(chapter: ChapterIds) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (settings: ChapterQuizSettings) => updateChapterQuiz(chapter, settings),
    onSuccess: (saved) => scope.setData<ChapterQuiz>(chapterQuizKey(chapter), saved),
  });
}
