import {
  chapterSchema,
  subjectSchema,
  topicSchema,
  type Chapter,
  type Subject,
  type Topic,
} from '@coursecraft/contracts';
import { useMutation, type QueryKey } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { courseTreeKeys, type ChapterRef, type SubjectRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

/** One list of the course tree whose order can change. */
export type OrderedList =
  | { level: 'subjects'; courseId: string }
  | ({ level: 'chapters' } & SubjectRef)
  | ({ level: 'topics' } & ChapterRef);

type Item = Subject | Chapter | Topic;

/** Every order change runs in this scope, one after another, so an Undo never overtakes its move. */
export const ORDER_MUTATION_SCOPE = { id: 'course-tree-order' };
export const ORDER_MUTATION_KEY = ['course-tree', 'order'];

function endpointOf(list: OrderedList): { path: string; schema: z.ZodType<Item[]> } {
  switch (list.level) {
    case 'subjects':
      return { path: courseTreeApi.subjectsOrder(list.courseId), schema: z.array(subjectSchema) };
    case 'chapters':
      return { path: courseTreeApi.chaptersOrder(list), schema: z.array(chapterSchema) };
    case 'topics':
      return { path: courseTreeApi.topicsOrder(list), schema: z.array(topicSchema) };
  }
}

export function cacheKeyOf(list: OrderedList): QueryKey {
  switch (list.level) {
    case 'subjects':
      return courseTreeKeys.subjects(list.courseId);
    case 'chapters':
      return courseTreeKeys.chapters(list);
    case 'topics':
      return courseTreeKeys.topics(list);
  }
}

/** Saves the complete new order of `list` (it must name exactly its current items). */
export function reorderList(list: OrderedList, ids: string[]): Promise<Item[]> {
  const { path, schema } = endpointOf(list);
  return apiRequest(path, { method: 'PUT', body: { ids }, schema });
}

/** `items` in the order of `ids`; items `ids` does not name keep their place at the end. */
export function inOrder<T extends { id: string }>(items: T[], ids: string[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  const rankOf = (item: T) => rank.get(item.id) ?? ids.length;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rankOf(a.item) - rankOf(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * Reorders a list: the cached list shows the new order at once and goes back to what it was when
 * the server refuses. Once no other order change waits, the list is read again.
 */
export function useReorderList() {
  const scope = useUserScope();
  return useMutation({
    mutationKey: ORDER_MUTATION_KEY,
    scope: ORDER_MUTATION_SCOPE,
    mutationFn: ({ list, ids }: { list: OrderedList; ids: string[] }) => reorderList(list, ids),
    onMutate: async ({ list, ids }) => {
      const key = cacheKeyOf(list);
      await scope.queryClient.cancelQueries({ queryKey: scope.key(key), exact: true });
      const previous = scope.getData<Item[]>(key);
      scope.setData<Item[]>(key, (items) => items && inOrder(items, ids));
      return { previous };
    },
    onError: (_error, { list }, context) => {
      if (context?.previous) scope.setData(cacheKeyOf(list), context.previous);
    },
    onSettled: async (_answer, _error, { list }) => {
      // This change still counts as running here; later ones would be undone by a refetch.
      if (scope.queryClient.isMutating({ mutationKey: ORDER_MUTATION_KEY }) > 1) return;
      await scope.invalidate(cacheKeyOf(list), { exact: true });
    },
  });
}
