import {
  ORDER_MESSAGES,
  type Chapter,
  type MoveTopicInput,
  type MovedTopic,
  type ReorderInput,
  type Subject,
  type Topic,
} from '@coursecraft/contracts';
import type { ChapterPath, CoursePath, SubjectPath, TopicPath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import type { BodyReader } from '../../lib/body-reader';
import {
  OUTLINE_NOT_FOUND,
  ownedOutline,
  type MoveRefusal,
  type Outline,
  type ReorderOutcome,
  type ReorderPlanner,
} from '../outline';
import { hasDuplicates, planMove, planReorder } from './order-positions';

export interface OrderingDependencies {
  outline: Outline;
  now: () => Date;
}

const MOVE_REFUSALS: Record<MoveRefusal, () => HttpError> = {
  topicGone: () => new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND.topicId),
  chapterGone: () => new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND.chapterId),
  conflict: () => new HttpError(409, 'CONFLICT', ORDER_MESSAGES.moveFailed),
};

const REORDER_REFUSALS = {
  mismatch: () => new HttpError(400, 'VALIDATION', ORDER_MESSAGES.mismatch),
  conflict: () => new HttpError(409, 'CONFLICT', ORDER_MESSAGES.busy),
} as const;

function listOf<T>(outcome: ReorderOutcome<T>): T[] {
  if ('refused' in outcome) throw REORDER_REFUSALS[outcome.refused]();
  return outcome.list;
}

/**
 * The order of the caller's subjects, chapters and topics, and moving a topic to another chapter
 * of its subject. Ownership is checked first (404 as in the courses module), the body read after;
 * an order must name exactly the list's current items, so a tab showing an old list cannot drop
 * or bring back an item.
 */
export function orderingService({ outline, now }: OrderingDependencies) {
  const owned = ownedOutline(outline);

  function reorderPlanner(readBody: BodyReader<ReorderInput>): ReorderPlanner {
    const { ids } = readBody();
    if (hasDuplicates(ids)) throw new HttpError(400, 'VALIDATION', ORDER_MESSAGES.duplicate);
    const at = now().getTime();
    return (current) => planReorder(current, ids, at);
  }

  return {
    async reorderSubjects(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<ReorderInput>,
    ): Promise<Subject[]> {
      await owned.course(uid, path);
      return listOf(await outline.reorderSubjects(path, reorderPlanner(readBody)));
    },

    async reorderChapters(
      uid: string,
      path: SubjectPath,
      readBody: BodyReader<ReorderInput>,
    ): Promise<Chapter[]> {
      await owned.subject(uid, path);
      return listOf(await outline.reorderChapters(path, reorderPlanner(readBody)));
    },

    async reorderTopics(
      uid: string,
      path: ChapterPath,
      readBody: BodyReader<ReorderInput>,
    ): Promise<Topic[]> {
      await owned.chapter(uid, path);
      return listOf(await outline.reorderTopics(path, reorderPlanner(readBody)));
    },

    /** Moves a topic, its lesson included, to a place in a chapter of the same subject. */
    async moveTopic(
      uid: string,
      path: TopicPath,
      readBody: BodyReader<MoveTopicInput>,
    ): Promise<MovedTopic> {
      await owned.topic(uid, path);
      const { chapter_id: chapterId, index } = readBody();
      const at = now().getTime();
      const outcome = await outline.moveTopic(path, chapterId, (target) =>
        planMove(target, path.topicId, index, at),
      );
      if ('refused' in outcome) throw MOVE_REFUSALS[outcome.refused]();
      return outcome.moved;
    },
  };
}

export type OrderingService = ReturnType<typeof orderingService>;
