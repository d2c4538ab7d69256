import type { Chapter, Subject, Topic } from '@coursecraft/contracts';
import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
} from 'firebase-admin/firestore';
import { deleteInBatches } from '../../lib/firestore/batches';
import { Timestamp } from '../../lib/firestore/sdk';
import {
  chapterRef,
  contentOf,
  courseRef,
  historyOf,
  jobsOf,
  subjectRef,
  topicRef,
  type ChapterPath,
  type CoursePath,
  type SubjectPath,
  type TopicPath,
} from '../../lib/firestore/paths';
import { toChapter, toSubject, toTopic } from './outline-converters';
import type { NodeLevel, ParentLevel } from './outline-types';
import { newChapter, newSubject, newTopic } from './node-repository';
import { CHILDREN, CHILD_LEVEL, historyNextOf } from './tree-documents-repository';

/** A child a replacement took the place of: its id, and the deletion of it and its subtree. */
export interface ReplacedChild {
  id: string;
  remove: () => Promise<void>;
}

/** The new children of a replacement, and the old ones, still stored until each is removed. */
export interface Replacement<T> {
  items: T[];
  replaced: ReplacedChild[];
}

/**
 * The deletions of the course tree: a node with everything below it, and the replacement of a
 * level's children (generation). Each deletes only documents; what other modules keep about a
 * node is their handlers' business (node-deletions.ts).
 */
export function deletionRepository(db: () => Firestore) {
  /**
   * Every document below `ref` (not `ref` itself), found through the known subcollections. A
   * topic's lesson versions are queried unless its document, when given, shows it never had any
   * (no `history_next`), so a topic that never had a lesson costs no read.
   */
  async function descendants(
    level: NodeLevel,
    ref: DocumentReference,
    snapshot?: DocumentSnapshot,
  ): Promise<DocumentReference[]> {
    if (level === 'topic') {
      if (snapshot && historyNextOf(snapshot) === null) return [contentOf(ref)];
      const versions = await historyOf(ref).get();
      return [contentOf(ref), ...versions.docs.map((doc) => doc.ref)];
    }
    const children = await CHILDREN[level].collection(ref).get();
    const below = await Promise.all(
      children.docs.map((doc) => descendants(CHILD_LEVEL[level], doc.ref, doc)),
    );
    return [...children.docs.map((doc) => doc.ref), ...below.flat()];
  }

  /**
   * Deletes `ref` and its subtree, then, in one transaction, the document itself and the parent's
   * flag (false when it was the last child).
   */
  async function deleteNode(
    level: 'subject' | 'chapter' | 'topic',
    ref: DocumentReference,
    parent: DocumentReference,
    parentLevel: ParentLevel,
  ): Promise<void> {
    await deleteInBatches(db(), await descendants(level, ref));
    const { collection, flag } = CHILDREN[parentLevel];
    await db().runTransaction(async (tx) => {
      const siblings = await tx.get(collection(parent).limit(2));
      const othersRemain = siblings.docs.some((doc) => doc.id !== ref.id);
      tx.delete(ref);
      tx.update(parent, { [flag]: othersRemain, updated_at: Timestamp.now() });
    });
  }

  /**
   * Replaces every child of `parent` by `items` (generation): the new children and the parent's
   * flag are written in one batch first; the old children stay until the caller removes each
   * (subtree first, the child last), so a failure part-way never leaves the parent empty or a
   * subtree orphaned. Answers the new ids and the old children.
   */
  async function replaceChildren(
    parent: DocumentReference,
    parentLevel: ParentLevel,
    items: DocumentData[],
  ): Promise<{ ids: string[]; replaced: ReplacedChild[] }> {
    const { collection, flag } = CHILDREN[parentLevel];
    const childLevel = CHILD_LEVEL[parentLevel];
    const old = await collection(parent).get();
    const oldTrees = await Promise.all(
      old.docs.map((doc) => descendants(childLevel, doc.ref, doc)),
    );
    const now = Timestamp.now();
    const refs = items.map(() => collection(parent).doc());
    const batch = db().batch();
    refs.forEach((ref, index) => {
      const timestamps = { position: now.toMillis() + index, created_at: now, updated_at: now };
      batch.create(ref, { ...items[index], ...timestamps });
    });
    batch.update(parent, { [flag]: items.length > 0, updated_at: now });
    await batch.commit();
    const replaced = old.docs.map((doc, index) => ({
      id: doc.id,
      remove: () => deleteInBatches(db(), [...(oldTrees[index] ?? []), doc.ref]),
    }));
    return { ids: refs.map((ref) => ref.id), replaced };
  }

  async function replaceWith<T>(
    parent: DocumentReference,
    parentLevel: ParentLevel,
    fields: DocumentData[],
    convert: (id: string, data: DocumentData) => T,
  ): Promise<Replacement<T>> {
    const { ids, replaced } = await replaceChildren(parent, parentLevel, fields);
    return { items: ids.map((id, index) => convert(id, fields[index] ?? {})), replaced };
  }

  return {
    /** Its jobs go first, so a job step still running finds its job gone and stores nothing. */
    async deleteCourse(path: CoursePath): Promise<void> {
      const ref = courseRef(db(), path);
      const jobs = await jobsOf(ref).select().get();
      await deleteInBatches(
        db(),
        jobs.docs.map((job) => job.ref),
      );
      await deleteInBatches(db(), [...(await descendants('course', ref)), ref]);
    },
    async deleteSubject(path: SubjectPath): Promise<void> {
      await deleteNode('subject', subjectRef(db(), path), courseRef(db(), path), 'course');
    },
    async deleteChapter(path: ChapterPath): Promise<void> {
      await deleteNode('chapter', chapterRef(db(), path), subjectRef(db(), path), 'subject');
    },
    async deleteTopic(path: TopicPath): Promise<void> {
      await deleteNode('topic', topicRef(db(), path), chapterRef(db(), path), 'chapter');
    },

    replaceSubjects: (
      path: CoursePath,
      subjects: { name: string; description: string }[],
    ): Promise<Replacement<Subject>> =>
      replaceWith(courseRef(db(), path), 'course', subjects.map(newSubject), toSubject),
    replaceChapters: (
      path: SubjectPath,
      chapters: { name: string }[],
    ): Promise<Replacement<Chapter>> =>
      replaceWith(subjectRef(db(), path), 'subject', chapters.map(newChapter), toChapter),
    replaceTopics: (path: ChapterPath, topics: { name: string }[]): Promise<Replacement<Topic>> =>
      replaceWith(chapterRef(db(), path), 'chapter', topics.map(newTopic), toTopic),
  };
}
