import { chapterQuizSchema, type ChapterQuiz } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { chapterQuizKey, chapterQuizPath, type ChapterIds } from './chapter-quiz-keys';

/** `GET .../chapters/{ch}/quiz`: the chapter's quiz settings (defaults if never saved) and pool size. */
export async function fetchChapterQuiz(
  chapter: ChapterIds,
  signal?: AbortSignal,
): Promise<ChapterQuiz> {
  return apiRequest(chapterQuizPath(chapter), { schema: chapterQuizSchema, signal });
}

export const chapterQuizQueryOptions = (chapter: ChapterIds) =>
  queryOptions({
    queryKey: chapterQuizKey(chapter),
    queryFn: ({ signal }) => fetchChapterQuiz(chapter, signal),
    // The pool size changes as questions are added to the chapter's topics elsewhere.
    staleTime: 0,
  });

/** The signed-in author's quiz settings of one chapter. */
export function useChapterQuiz(chapter: ChapterIds) {
  return useUserQuery(chapterQuizQueryOptions(chapter));
}
