import {
  movedTopicSchema,
  type Chapter,
  type MovedTopic,
  type Topic,
} from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { patchItem } from '../lib/cache';
import { courseTreeKeys, type SubjectRef, type TopicRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';
import { ORDER_MUTATION_KEY, ORDER_MUTATION_SCOPE } from './reorder';

export interface TopicMove {
  /** The topic where it is now. */
  from: TopicRef;
  /** A chapter of the same subject. */
  toChapterId: string;
  /** Its place there: 0 is first, past the end is last. */
  index: number;
}

export function moveTopic({ from, toChapterId, index }: TopicMove): Promise<MovedTopic> {
  return apiRequest(courseTreeApi.moveTopic(from), {
    method: 'POST',
    body: { chapter_id: toChapterId, index },
    schema: movedTopicSchema,
  });
}

/** `list` with `topic` put at `index` (clamped to the list). */
function insertAt(list: Topic[], topic: Topic, index: number): Topic[] {
  const next = list.filter((item) => item.id !== topic.id);
  next.splice(Math.min(index, next.length), 0, topic);
  return next;
}

/**
 * Moves a topic to another chapter of its subject (or to another place in its own). The cached
 * lists, the chapters' `has_topics` and the cached lesson follow at once and go back when the
 * server refuses; once no other order change waits, the lists are read again.
 */
export function useMoveTopic() {
  const scope = useUserScope();
  return useMutation({
    mutationKey: ORDER_MUTATION_KEY,
    scope: ORDER_MUTATION_SCOPE,
    mutationFn: moveTopic,
    onMutate: async ({ from, toChapterId, index }: TopicMove) => {
      const subject: SubjectRef = { courseId: from.courseId, subjectId: from.subjectId };
      const keys = {
        source: courseTreeKeys.topics(from),
        target: courseTreeKeys.topics({ ...subject, chapterId: toChapterId }),
        chapters: courseTreeKeys.chapters(subject),
        content: courseTreeKeys.content(from),
        movedContent: courseTreeKeys.content({ ...from, chapterId: toChapterId }),
      };
      await Promise.all(
        [keys.source, keys.target, keys.chapters].map((key) =>
          scope.queryClient.cancelQueries({ queryKey: scope.key(key), exact: true }),
        ),
      );
      const previous = {
        source: scope.getData<Topic[]>(keys.source),
        target: scope.getData<Topic[]>(keys.target),
        chapters: scope.getData<Chapter[]>(keys.chapters),
      };
      const topic = previous.source?.find((item) => item.id === from.topicId);
      const remaining = previous.source?.filter((item) => item.id !== from.topicId);
      if (toChapterId === from.chapterId) {
        if (topic && previous.source) {
          scope.setData(keys.source, insertAt(previous.source, topic, index));
        }
        return { previous, keys };
      }
      scope.setData(keys.source, remaining);
      // A chapter not loaded yet shows the topic until its list is read again after the move.
      if (topic) scope.setData(keys.target, insertAt(previous.target ?? [], topic, index));
      scope.setData<Chapter[]>(keys.chapters, (chapters) =>
        chapters?.map((chapter) => {
          if (chapter.id === toChapterId) return { ...chapter, has_topics: true };
          if (chapter.id === from.chapterId && remaining) {
            return { ...chapter, has_topics: remaining.length > 0 };
          }
          return chapter;
        }),
      );
      const lesson = scope.getData<string | null>(keys.content);
      if (lesson !== undefined) scope.setData(keys.movedContent, lesson);
      return { previous, keys };
    },
    onError: (_error, _move, context) => {
      if (!context) return;
      const { previous, keys } = context;
      if (previous.source) scope.setData(keys.source, previous.source);
      if (previous.target) scope.setData(keys.target, previous.target);
      else scope.remove(keys.target);
      if (previous.chapters) scope.setData(keys.chapters, previous.chapters);
    },
    onSuccess: ({ from_chapter, to_chapter }, _move, context) => {
      if (!context) return;
      scope.setData(
        context.keys.chapters,
        patchItem<Chapter>(from_chapter.id, () => from_chapter),
      );
      scope.setData(
        context.keys.chapters,
        patchItem<Chapter>(to_chapter.id, () => to_chapter),
      );
    },
    onSettled: async (_answer, _error, _move, context) => {
      if (!context || scope.queryClient.isMutating({ mutationKey: ORDER_MUTATION_KEY }) > 1) {
        return;
      }
      const { keys } = context;
      await Promise.all(
        [keys.source, keys.target, keys.chapters, keys.movedContent].map((key) =>
          scope.invalidate(key, { exact: true }),
        ),
      );
    },
  });
}
