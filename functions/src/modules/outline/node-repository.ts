import type { Chapter, Subject, Topic } from '@coursecraft/contracts';
import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import {
  chapterRef,
  chaptersOf,
  courseRef,
  subjectRef,
  subjectsOf,
  topicRef,
  topicsOf,
  type ChapterPath,
  type CoursePath,
  type SubjectPath,
  type TopicPath,
} from '../../lib/firestore/paths';
import type { WriteGuard } from '../../lib/firestore/write-guard';
import { renameNode } from './course-repository';
import { toChapter, toSubject, toTopic } from './outline-converters';
import type { FillOutcome, ParentLevel } from './outline-types';
import { CHILDREN, chapterOf, ordered, subjectOf, topicOf } from './tree-documents-repository';

/** The fields a new subject, chapter or topic starts with. */
export const newSubject = (input: { name: string; description?: string | null }) => ({
  name: input.name,
  description: input.description ?? null,
  image_url: null,
  has_chapters: false,
});
export const newChapter = ({ name }: { name: string }) => ({ name, has_topics: false });
export const newTopic = ({ name }: { name: string }) => ({ name, has_content: false });

/** The subjects, chapters and topics: list, create, rename, and the guarded fills of jobs. */
export function nodeRepository(db: () => Firestore) {
  /** Creates a child of `parent` and sets the parent's flag in one batch; answers its id. */
  async function createChild(
    parent: DocumentReference,
    parentLevel: ParentLevel,
    fields: DocumentData,
  ): Promise<string> {
    const { collection, flag } = CHILDREN[parentLevel];
    const ref = collection(parent).doc();
    const now = Timestamp.now();
    const batch = db().batch();
    batch.create(ref, { ...fields, position: now.toMillis(), created_at: now, updated_at: now });
    batch.update(parent, { [flag]: true, updated_at: now });
    await batch.commit();
    return ref.id;
  }

  /**
   * Creates `items` as the children of `parent` only while it has none and `guard` holds, all in
   * one transaction, so a fill never replaces what an author wrote meanwhile.
   */
  async function fillChildren(
    parent: DocumentReference,
    parentLevel: ParentLevel,
    items: DocumentData[],
    guard: WriteGuard,
  ): Promise<FillOutcome> {
    const { collection, flag } = CHILDREN[parentLevel];
    return db().runTransaction(async (tx): Promise<FillOutcome> => {
      const snapshot = await tx.get(parent);
      if (!snapshot.exists) return 'gone';
      const existing = await tx.get(collection(parent).limit(1));
      if (snapshot.get(flag) === true || !existing.empty) return 'present';
      if (!(await guard.holds(tx))) return 'refused';
      const now = Timestamp.now();
      items.forEach((item, index) => {
        const timestamps = { position: now.toMillis() + index, created_at: now, updated_at: now };
        tx.create(collection(parent).doc(), { ...item, ...timestamps });
      });
      tx.update(parent, { [flag]: items.length > 0, updated_at: now });
      return 'written';
    });
  }

  return {
    async listSubjects(path: CoursePath): Promise<Subject[]> {
      return (await ordered(subjectsOf(courseRef(db(), path)))).docs.map(subjectOf);
    },
    async createSubject(path: CoursePath, input: { name: string; description?: string }) {
      const fields = newSubject(input);
      return toSubject(await createChild(courseRef(db(), path), 'course', fields), fields);
    },
    async updateSubject(path: SubjectPath, input: { name: string; description?: string }) {
      return subjectOf(await renameNode(subjectRef(db(), path), input));
    },
    async setSubjectImage(path: SubjectPath, imageUrl: string): Promise<void> {
      await subjectRef(db(), path).update({ image_url: imageUrl, updated_at: Timestamp.now() });
    },

    async listChapters(path: SubjectPath): Promise<Chapter[]> {
      return (await ordered(chaptersOf(subjectRef(db(), path)))).docs.map(chapterOf);
    },
    async createChapter(path: SubjectPath, input: { name: string }) {
      const fields = newChapter(input);
      return toChapter(await createChild(subjectRef(db(), path), 'subject', fields), fields);
    },
    async updateChapter(path: ChapterPath, input: { name: string }) {
      return chapterOf(await renameNode(chapterRef(db(), path), input));
    },

    async listTopics(path: ChapterPath): Promise<Topic[]> {
      return (await ordered(topicsOf(chapterRef(db(), path)))).docs.map(topicOf);
    },
    async createTopic(path: ChapterPath, input: { name: string }) {
      const fields = newTopic(input);
      return toTopic(await createChild(chapterRef(db(), path), 'chapter', fields), fields);
    },
    async updateTopic(path: TopicPath, input: { name: string }) {
      return topicOf(await renameNode(topicRef(db(), path), input));
    },

    fillSubjects: (
      path: CoursePath,
      subjects: { name: string; description: string }[],
      guard: WriteGuard,
    ) => fillChildren(courseRef(db(), path), 'course', subjects.map(newSubject), guard),
    fillChapters: (path: SubjectPath, chapters: { name: string }[], guard: WriteGuard) =>
      fillChildren(subjectRef(db(), path), 'subject', chapters.map(newChapter), guard),
    fillTopics: (path: ChapterPath, topics: { name: string }[], guard: WriteGuard) =>
      fillChildren(chapterRef(db(), path), 'chapter', topics.map(newTopic), guard),
  };
}
