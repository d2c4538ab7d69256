import type { MovedTopic } from '@coursecraft/contracts';
import type {
  CollectionReference,
  DocumentData,
  DocumentSnapshot,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import { isAborted, isNotFound } from '../../lib/firestore/errors';
import {
  TOPIC_SUBCOLLECTIONS,
  chapterRef,
  chaptersOf,
  courseRef,
  subjectRef,
  subjectsOf,
  topicRef,
  topicSubcollectionOf,
  topicsOf,
  type ChapterPath,
  type CoursePath,
  type SubjectPath,
  type TopicPath,
} from '../../lib/firestore/paths';
import { toChapter, toSubject, toTopic, type Fields } from './outline-converters';

/** An item of a list of the course tree and its `position`. */
export interface PlacedItem {
  id: string;
  position: number;
}

/** A list's new order, and the positions to write for it (only those that change). */
export interface Placement {
  order: string[];
  positions: Map<string, number>;
}

/** A list's new order, decided from the list as the transaction read it; null refuses it. */
export type ReorderPlanner = (current: PlacedItem[]) => Placement | null;
/** Where a topic goes in the target list (which holds it when it stays in its chapter). */
export type MovePlanner = (target: PlacedItem[]) => Placement;

/**
 * `mismatch`: the ids are not the list's items (or one was gone by the commit); `conflict`: other
 * transactions on the list kept winning until the retries ran out.
 */
export type ReorderOutcome<T> = { list: T[] } | { refused: 'mismatch' | 'conflict' };
/** `conflict`: a document the move needs was gone by the commit, or the retries ran out. */
export type MoveRefusal = 'topicGone' | 'chapterGone' | 'conflict';
export type MoveOutcome = { moved: MovedTopic } | { refused: MoveRefusal };

const positionOf = (snapshot: DocumentSnapshot): number => {
  const position: unknown = snapshot.get('position');
  return typeof position === 'number' ? position : NaN;
};
const placed = (snapshot: DocumentSnapshot): PlacedItem => ({
  id: snapshot.id,
  position: positionOf(snapshot),
});
const hasTopics = (chapter: DocumentSnapshot) => chapter.get('has_topics') === true;
const dataOf = (snapshot: DocumentSnapshot): DocumentData => snapshot.data() ?? {};

/** Updates the positions the placement changes (but `except`'s, which is written apart). */
function writePositions(
  tx: Transaction,
  list: CollectionReference,
  placement: Placement,
  except?: string,
) {
  for (const [id, position] of placement.positions) {
    if (id !== except) tx.update(list.doc(id), { position });
  }
}

/**
 * Writes the order of the course tree's lists: each change is read, checked and written in one
 * transaction. Every method trusts its path (the caller checked ownership); a document that is
 * gone by the commit refuses the request instead of being written again.
 */
export function positionRepository(db: () => Firestore) {
  async function reorder<T>(
    list: CollectionReference,
    plan: ReorderPlanner,
    convert: (id: string, data: Fields) => T,
  ): Promise<ReorderOutcome<T>> {
    try {
      return await db().runTransaction(async (tx): Promise<ReorderOutcome<T>> => {
        const current = (await tx.get(list.orderBy('position'))).docs;
        const placement = plan(current.map(placed));
        if (!placement) return { refused: 'mismatch' };
        writePositions(tx, list, placement);
        const byId = new Map(current.map((snapshot) => [snapshot.id, dataOf(snapshot)]));
        return { list: placement.order.map((id) => convert(id, byId.get(id) ?? {})) };
      });
    } catch (error) {
      if (isNotFound(error)) return { refused: 'mismatch' };
      if (isAborted(error)) return { refused: 'conflict' };
      throw error;
    }
  }

  /** A move within the topic's own chapter: new positions only, nothing copied. */
  async function reposition(
    tx: Transaction,
    topic: DocumentSnapshot,
    chapter: DocumentSnapshot,
    plan: MovePlanner,
  ): Promise<MoveOutcome> {
    const list = topicsOf(chapter.ref);
    const placement = plan((await tx.get(list.orderBy('position'))).docs.map(placed));
    writePositions(tx, list, placement);
    if (!hasTopics(chapter)) {
      tx.update(chapter.ref, { has_topics: true, updated_at: Timestamp.now() });
    }
    const answer = toChapter(chapter.id, { ...dataOf(chapter), has_topics: true });
    return {
      moved: { topic: toTopic(topic.id, dataOf(topic)), from_chapter: answer, to_chapter: answer },
    };
  }

  /**
   * A move to another chapter: the topic and every document of its subcollections are deleted
   * and created again, same ids, under the target chapter, and both chapters' `has_topics` set.
   */
  async function transfer(
    tx: Transaction,
    topic: DocumentSnapshot,
    source: DocumentSnapshot,
    target: DocumentSnapshot,
    plan: MovePlanner,
  ): Promise<MoveOutcome> {
    const targetList = topicsOf(target.ref);
    const [listed, siblings, subcollections] = await Promise.all([
      tx.get(targetList.orderBy('position')),
      tx.get(topicsOf(source.ref).limit(2)),
      Promise.all(
        TOPIC_SUBCOLLECTIONS.map(async (name) => ({
          name,
          documents: (await tx.get(topicSubcollectionOf(topic.ref, name))).docs,
        })),
      ),
    ]);
    const placement = plan(listed.docs.map(placed));
    const moved = targetList.doc(topic.id);
    const data = {
      ...dataOf(topic),
      position: placement.positions.get(topic.id) ?? positionOf(topic),
    };
    const othersRemain = siblings.docs.some((sibling) => sibling.id !== topic.id);
    const now = Timestamp.now();

    // First the write that needs the topic to still be there: the offline stand-in applies a
    // commit's writes in order and is not atomic, so a second move of the same topic fails
    // here, before it writes anything.
    tx.delete(topic.ref, { exists: true });
    tx.create(moved, data);
    for (const { name, documents } of subcollections) {
      for (const document of documents) {
        tx.delete(document.ref);
        tx.create(topicSubcollectionOf(moved, name).doc(document.id), dataOf(document));
      }
    }
    writePositions(tx, targetList, placement, topic.id);
    if (!hasTopics(target)) tx.update(target.ref, { has_topics: true, updated_at: now });
    if (hasTopics(source) !== othersRemain) {
      tx.update(source.ref, { has_topics: othersRemain, updated_at: now });
    }
    return {
      moved: {
        topic: toTopic(topic.id, data),
        from_chapter: toChapter(source.id, { ...dataOf(source), has_topics: othersRemain }),
        to_chapter: toChapter(target.id, { ...dataOf(target), has_topics: true }),
      },
    };
  }

  return {
    reorderSubjects: (path: CoursePath, plan: ReorderPlanner) =>
      reorder(subjectsOf(courseRef(db(), path)), plan, toSubject),
    reorderChapters: (path: SubjectPath, plan: ReorderPlanner) =>
      reorder(chaptersOf(subjectRef(db(), path)), plan, toChapter),
    reorderTopics: (path: ChapterPath, plan: ReorderPlanner) =>
      reorder(topicsOf(chapterRef(db(), path)), plan, toTopic),

    /**
     * Moves the topic of `path` to the chapter `toChapterId` of the same subject, in one
     * transaction. Refused when the topic (or its chapter) is gone, or the target chapter does
     * not exist.
     */
    async moveTopic(path: TopicPath, toChapterId: string, plan: MovePlanner): Promise<MoveOutcome> {
      const refs = [
        topicRef(db(), path),
        chapterRef(db(), path),
        chapterRef(db(), { ...path, chapterId: toChapterId }),
      ];
      try {
        return await db().runTransaction(async (tx): Promise<MoveOutcome> => {
          const [topic, source, target] = await tx.getAll(...refs);
          if (!topic?.exists || !source?.exists) return { refused: 'topicGone' };
          if (!target?.exists) return { refused: 'chapterGone' };
          if (target.id === source.id) return reposition(tx, topic, source, plan);
          return transfer(tx, topic, source, target, plan);
        });
      } catch (error) {
        if (isNotFound(error) || isAborted(error)) return { refused: 'conflict' };
        throw error;
      }
    },
  };
}
