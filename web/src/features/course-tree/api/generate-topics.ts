import { topicSchema, type Chapter, type Topic } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { usePendingVariables } from '../../../lib/use-pending-mutations';
import { useUserScope } from '../../../lib/user-query';
import { patchItem } from '../lib/cache';
import { courseTreeKeys, type ChapterRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

const mutationKey = ['course-tree', 'generate-topics'];

/** Gemini lists (or re-lists, replacing them) a chapter's topics. */
export function generateTopics(ref: ChapterRef & { instructions?: string }): Promise<Topic[]> {
  return apiRequest(`${courseTreeApi.chapter(ref)}/generate_topics`, {
    method: 'POST',
    body: { instructions: ref.instructions },
    schema: z.array(topicSchema),
  });
}

/**
 * Generates a chapter's topics: the old topics' lessons leave the cache, the new list takes
 * their place and the chapter gets has_topics.
 */
export function useGenerateTopics() {
  const scope = useUserScope();
  return useMutation({
    mutationKey,
    mutationFn: generateTopics,
    onSuccess: async (topics, ref) => {
      scope.remove(courseTreeKeys.chapter(ref));
      scope.setData(courseTreeKeys.topics(ref), topics);
      scope.setData(
        courseTreeKeys.chapters(ref),
        patchItem(ref.chapterId, (chapter: Chapter) => ({
          ...chapter,
          has_topics: topics.length > 0,
        })),
      );
      await scope.invalidate(courseTreeKeys.chapters(ref), { exact: true });
    },
  });
}

/** Ids of the chapters whose topics are being generated. */
export function useChaptersGeneratingTopics(): ReadonlySet<string> {
  return new Set(usePendingVariables<ChapterRef>(mutationKey).map((ref) => ref.chapterId));
}

/** Whether `chapterId`'s topics are being generated right now (read from the cache, not a render). */
export function useIsGeneratingTopics(): (chapterId: string) => boolean {
  const { queryClient } = useUserScope();
  return (chapterId) =>
    queryClient.isMutating({
      mutationKey,
      predicate: (mutation) => (mutation.state.variables as ChapterRef).chapterId === chapterId,
    }) > 0;
}
