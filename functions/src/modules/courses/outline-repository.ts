import type { Chapter, Course, Subject, Topic } from '@coursecraft/contracts';
import {
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { db as defaultDb } from '../../lib/firebase-admin';
import {
  chapterRef,
  chaptersOf,
  contentOf,
  contentRef,
  courseRef,
  coursesCollection,
  pathRefs,
  subjectRef,
  subjectsOf,
  topicRef,
  topicsOf,
  type ChapterPath,
  type CoursePath,
  type OutlinePath,
  type SubjectPath,
  type TopicPath,
} from '../../lib/firestore/paths';

/** Firestore allows 500 writes per batch. */
const BATCH_LIMIT = 450;

/** Which child collection each level has, and the parent flag that says it is not empty. */
const CHILDREN = {
  course: { collection: subjectsOf, flag: 'has_subjects' },
  subject: { collection: chaptersOf, flag: 'has_chapters' },
  chapter: { collection: topicsOf, flag: 'has_topics' },
} as const;
type ParentLevel = keyof typeof CHILDREN;
const CHILD_LEVEL = { course: 'subject', subject: 'chapter', chapter: 'topic' } as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toCourse(snapshot: DocumentSnapshot): Course {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    name: text(data.name),
    description: text(data.description),
    image_url: textOrNull(data.image_url),
    has_subjects: data.has_subjects === true,
  };
}

function toSubject(snapshot: DocumentSnapshot): Subject {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    name: text(data.name),
    description: textOrNull(data.description),
    image_url: textOrNull(data.image_url),
    has_chapters: data.has_chapters === true,
  };
}

function toChapter(snapshot: DocumentSnapshot): Chapter {
  const data = snapshot.data() ?? {};
  return { id: snapshot.id, name: text(data.name), has_topics: data.has_topics === true };
}

function toTopic(snapshot: DocumentSnapshot): Topic {
  const data = snapshot.data() ?? {};
  return { id: snapshot.id, name: text(data.name), has_content: data.has_content === true };
}

export type PathCheck = 'ok' | 'missing';

/**
 * Everything the course API stores. Every method trusts its path: callers first check it with
 * `checkPath`, which verifies that each document on it exists and that the caller owns the course.
 */
export function outlineRepository(db: () => Firestore = defaultDb) {
  async function commitInBatches(refs: DocumentReference[]): Promise<void> {
    for (let start = 0; start < refs.length; start += BATCH_LIMIT) {
      const batch = db().batch();
      for (const ref of refs.slice(start, start + BATCH_LIMIT)) batch.delete(ref);
      await batch.commit();
    }
  }

  /** Every document below `ref` (not `ref` itself), found through the known subcollections. */
  async function descendants(
    level: ParentLevel | 'topic',
    ref: DocumentReference,
  ): Promise<DocumentReference[]> {
    if (level === 'topic') return [contentOf(ref)];
    const children = await CHILDREN[level].collection(ref).get();
    const below = await Promise.all(
      children.docs.map((doc) => descendants(CHILD_LEVEL[level], doc.ref)),
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
    await commitInBatches(await descendants(level, ref));
    const { collection, flag } = CHILDREN[parentLevel];
    await db().runTransaction(async (tx) => {
      const siblings = await tx.get(collection(parent).limit(2));
      const othersRemain = siblings.docs.some((doc) => doc.id !== ref.id);
      tx.delete(ref);
      tx.update(parent, { [flag]: othersRemain, updated_at: Timestamp.now() });
    });
  }

  async function createChild(
    parent: DocumentReference,
    parentLevel: ParentLevel,
    fields: Record<string, unknown>,
  ): Promise<DocumentSnapshot> {
    const { collection, flag } = CHILDREN[parentLevel];
    const ref = collection(parent).doc();
    const now = Timestamp.now();
    const batch = db().batch();
    batch.create(ref, { ...fields, position: now.toMillis(), created_at: now, updated_at: now });
    batch.update(parent, { [flag]: true, updated_at: now });
    await batch.commit();
    return ref.get();
  }

  /**
   * Replaces every child of `parent` by `items` (generation): the new children and the parent's
   * flag are written in one batch first, then the old children's subtrees are deleted, so a
   * failure part-way never leaves the parent empty or a subtree orphaned.
   */
  async function replaceChildren(
    parent: DocumentReference,
    parentLevel: ParentLevel,
    items: Record<string, unknown>[],
  ): Promise<DocumentSnapshot[]> {
    const { collection, flag } = CHILDREN[parentLevel];
    const childLevel = CHILD_LEVEL[parentLevel];
    const old = await collection(parent).get();
    const oldTrees = await Promise.all(old.docs.map((doc) => descendants(childLevel, doc.ref)));
    const now = Timestamp.now();
    const refs = items.map(() => collection(parent).doc());
    const batch = db().batch();
    refs.forEach((ref, index) => {
      const timestamps = { position: now.toMillis() + index, created_at: now, updated_at: now };
      batch.create(ref, { ...items[index], ...timestamps });
    });
    batch.update(parent, { [flag]: items.length > 0, updated_at: now });
    await batch.commit();
    await commitInBatches([...oldTrees.flat(), ...old.docs.map((doc) => doc.ref)]);
    return refs.length > 0 ? db().getAll(...refs) : [];
  }

  async function rename(ref: DocumentReference, fields: Record<string, unknown>) {
    await ref.update({ ...fields, updated_at: Timestamp.now() });
    return ref.get();
  }

  const ordered = (children: CollectionReference) => children.orderBy('position').get();

  return {
    async checkPath(uid: string, path: OutlinePath): Promise<PathCheck> {
      const snapshots = await db().getAll(...pathRefs(db(), path));
      if (snapshots.some((snapshot) => !snapshot.exists)) return 'missing';
      return snapshots[0]?.get('owner_uid') === uid ? 'ok' : 'missing';
    },

    async listCourses(uid: string): Promise<Course[]> {
      const snapshot = await coursesCollection(db())
        .where('owner_uid', '==', uid)
        .orderBy('created_at', 'desc')
        .get();
      return snapshot.docs.map(toCourse);
    },

    async getCourse(path: CoursePath): Promise<Course> {
      return toCourse(await courseRef(db(), path).get());
    },

    async createCourse(uid: string, input: { name: string; description: string }): Promise<Course> {
      const ref = coursesCollection(db()).doc();
      const now = Timestamp.now();
      await ref.create({
        owner_uid: uid,
        name: input.name,
        description: input.description,
        image_url: null,
        has_subjects: false,
        created_at: now,
        updated_at: now,
      });
      return toCourse(await ref.get());
    },

    async updateCourse(path: CoursePath, input: { name: string; description: string }) {
      return toCourse(await rename(courseRef(db(), path), input));
    },

    /** Points the course at its new cover; fails (not-found) when the course was deleted. */
    async setCourseImage(path: CoursePath, imageUrl: string): Promise<void> {
      await courseRef(db(), path).update({ image_url: imageUrl, updated_at: Timestamp.now() });
    },

    async deleteCourse(path: CoursePath): Promise<void> {
      const ref = courseRef(db(), path);
      await commitInBatches([...(await descendants('course', ref)), ref]);
    },

    async listSubjects(path: CoursePath): Promise<Subject[]> {
      return (await ordered(subjectsOf(courseRef(db(), path)))).docs.map(toSubject);
    },
    async getSubject(path: SubjectPath): Promise<Subject> {
      return toSubject(await subjectRef(db(), path).get());
    },
    async createSubject(path: CoursePath, input: { name: string; description?: string }) {
      const fields = {
        name: input.name,
        description: input.description ?? null,
        image_url: null,
        has_chapters: false,
      };
      return toSubject(await createChild(courseRef(db(), path), 'course', fields));
    },
    async updateSubject(path: SubjectPath, input: { name: string; description?: string }) {
      return toSubject(await rename(subjectRef(db(), path), input));
    },
    async replaceSubjects(path: CoursePath, subjects: { name: string; description: string }[]) {
      const fields = subjects.map((subject) => ({
        ...subject,
        image_url: null,
        has_chapters: false,
      }));
      return (await replaceChildren(courseRef(db(), path), 'course', fields)).map(toSubject);
    },
    async setSubjectImage(path: SubjectPath, imageUrl: string): Promise<void> {
      await subjectRef(db(), path).update({ image_url: imageUrl, updated_at: Timestamp.now() });
    },
    async deleteSubject(path: SubjectPath): Promise<void> {
      await deleteNode('subject', subjectRef(db(), path), courseRef(db(), path), 'course');
    },

    async listChapters(path: SubjectPath): Promise<Chapter[]> {
      return (await ordered(chaptersOf(subjectRef(db(), path)))).docs.map(toChapter);
    },
    async getChapter(path: ChapterPath): Promise<Chapter> {
      return toChapter(await chapterRef(db(), path).get());
    },
    async createChapter(path: SubjectPath, input: { name: string }) {
      const fields = { name: input.name, has_topics: false };
      return toChapter(await createChild(subjectRef(db(), path), 'subject', fields));
    },
    async updateChapter(path: ChapterPath, input: { name: string }) {
      return toChapter(await rename(chapterRef(db(), path), input));
    },
    async replaceChapters(path: SubjectPath, chapters: { name: string }[]) {
      const fields = chapters.map(({ name }) => ({ name, has_topics: false }));
      return (await replaceChildren(subjectRef(db(), path), 'subject', fields)).map(toChapter);
    },
    async deleteChapter(path: ChapterPath): Promise<void> {
      await deleteNode('chapter', chapterRef(db(), path), subjectRef(db(), path), 'subject');
    },

    async listTopics(path: ChapterPath): Promise<Topic[]> {
      return (await ordered(topicsOf(chapterRef(db(), path)))).docs.map(toTopic);
    },
    async getTopic(path: TopicPath): Promise<Topic> {
      return toTopic(await topicRef(db(), path).get());
    },
    async createTopic(path: ChapterPath, input: { name: string }) {
      const fields = { name: input.name, has_content: false };
      return toTopic(await createChild(chapterRef(db(), path), 'chapter', fields));
    },
    async updateTopic(path: TopicPath, input: { name: string }) {
      return toTopic(await rename(topicRef(db(), path), input));
    },
    async replaceTopics(path: ChapterPath, topics: { name: string }[]) {
      const fields = topics.map(({ name }) => ({ name, has_content: false }));
      return (await replaceChildren(chapterRef(db(), path), 'chapter', fields)).map(toTopic);
    },
    async deleteTopic(path: TopicPath): Promise<void> {
      await deleteNode('topic', topicRef(db(), path), chapterRef(db(), path), 'chapter');
    },

    async getContent(path: TopicPath): Promise<string | null> {
      const markdown: unknown = (await contentRef(db(), path).get()).get('markdown');
      return typeof markdown === 'string' ? markdown : null;
    },

    /** Writes the topic's markdown and sets `has_content`; `mode: 'create'` fails if it exists. */
    async saveContent(path: TopicPath, markdown: string, mode: 'create' | 'upsert') {
      const now = Timestamp.now();
      const batch = db().batch();
      const data = { markdown, updated_at: now };
      if (mode === 'create') batch.create(contentRef(db(), path), data);
      else batch.set(contentRef(db(), path), data);
      batch.update(topicRef(db(), path), { has_content: true, updated_at: now });
      await batch.commit();
    },

    /** Deletes the markdown and clears `has_content`; false when there was none. */
    async deleteContent(path: TopicPath): Promise<boolean> {
      return db().runTransaction(async (tx) => {
        const existing = await tx.get(contentRef(db(), path));
        if (!existing.exists) return false;
        tx.delete(contentRef(db(), path));
        tx.update(topicRef(db(), path), { has_content: false, updated_at: Timestamp.now() });
        return true;
      });
    },
  };
}

export type OutlineRepository = ReturnType<typeof outlineRepository>;
