import {
  LESSON_HISTORY_KEPT,
  courseSettingsOf,
  type Chapter,
  type JobLevel,
  type Course,
  type CourseSettings,
  type LessonVersionSource,
  type OutlineCounts,
  type Subject,
  type Topic,
} from '@coursecraft/contracts';
import type {
  CollectionReference,
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import { db as defaultDb } from '../../lib/firestore/db';
import { isAlreadyExists } from '../../lib/firestore/errors';
import {
  chapterRef,
  chaptersOf,
  contentOf,
  contentRef,
  courseRef,
  coursesCollection,
  historyOf,
  jobsOf,
  lessonVersionOf,
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
import type { WriteGuard } from '../../lib/firestore/write-guard';

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
/** The level a node of each kind fills, and the path key of its children. */
const FILLS = {
  course: { level: 'subjects', childKey: 'subjectId' },
  subject: { level: 'chapters', childKey: 'chapterId' },
  chapter: { level: 'topics', childKey: 'topicId' },
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function toCourse(id: string, data: DocumentData): Course {
  return {
    id,
    name: text(data.name),
    description: text(data.description),
    image_url: textOrNull(data.image_url),
    has_subjects: data.has_subjects === true,
    published: data.published === true,
    settings: courseSettingsOf(data.settings),
  };
}

export function toSubject(id: string, data: DocumentData): Subject {
  return {
    id,
    name: text(data.name),
    description: textOrNull(data.description),
    image_url: textOrNull(data.image_url),
    has_chapters: data.has_chapters === true,
  };
}

export function toChapter(id: string, data: DocumentData): Chapter {
  return { id, name: text(data.name), has_topics: data.has_topics === true };
}

export function toTopic(id: string, data: DocumentData): Topic {
  return { id, name: text(data.name), has_content: data.has_content === true };
}

const fromSnapshot =
  <T>(convert: (id: string, data: DocumentData) => T) =>
  (snapshot: DocumentSnapshot): T =>
    convert(snapshot.id, snapshot.data() ?? {});
const courseOf = fromSnapshot(toCourse);
const subjectOf = fromSnapshot(toSubject);
const chapterOf = fromSnapshot(toChapter);
const topicOf = fromSnapshot(toTopic);

/**
 * How a lesson write ended: written (and recorded as the newest version), refused because the
 * topic has a lesson already (a create only), or refused because the topic is gone.
 */
export type LessonWriteOutcome = 'written' | 'exists' | 'topicGone';
type GuardedWriteOutcome = LessonWriteOutcome | 'refused';

/**
 * What a guarded fill of an empty level did: wrote it; found it written already (`present`);
 * stored nothing because its guard no longer held (`refused`); or found its node deleted.
 */
export type FillOutcome = 'written' | 'present' | 'refused' | 'gone';

/** A node whose level is still empty: what a whole-course job has to generate. */
export interface UnwrittenNode {
  level: JobLevel;
  path: OutlinePath;
  /** The node's name (course, subject, chapter or topic). */
  name: string;
}

const noGuard = async (write: Promise<GuardedWriteOutcome>): Promise<LessonWriteOutcome> => {
  const outcome = await write;
  if (outcome === 'refused') throw new Error('A lesson write without a guard was refused.');
  return outcome;
};

/** Tries of a lesson write whose version number another write took (only the stand-in allows that). */
const LESSON_WRITE_ATTEMPTS = 3;

/** The number the topic's next lesson version gets; null when its lesson has no versions yet. */
function historyNextOf(topic: DocumentSnapshot): number | null {
  const next: unknown = topic.get('history_next');
  return typeof next === 'number' && Number.isInteger(next) && next >= 1 ? next : null;
}

/** One version of a lesson as `history/{n}` stores it. */
export function versionData(markdown: string, source: LessonVersionSource, createdAt: Timestamp) {
  return { markdown, source, characters: markdown.length, created_at: createdAt };
}

/** A stored lesson's markdown and time, to record it as a version. */
function storedLesson(content: DocumentSnapshot | undefined) {
  const markdown: unknown = content?.get('markdown');
  if (typeof markdown !== 'string') return null;
  const updatedAt: unknown = content?.get('updated_at');
  return { markdown, at: updatedAt instanceof Timestamp ? updatedAt : Timestamp.now() };
}

/** A node as the search for empty levels needs it: is its own level written? */
interface UnwrittenCandidate {
  ref: DocumentReference;
  name: string;
  written: boolean;
}

function candidateOf(kind: ParentLevel | 'topic', snapshot: DocumentSnapshot): UnwrittenCandidate {
  const flag = kind === 'topic' ? 'has_content' : CHILDREN[kind].flag;
  return {
    ref: snapshot.ref,
    name: text(snapshot.get('name')),
    written: snapshot.get(flag) === true,
  };
}

/** The documents of a course path as one read found them, with the course's owner. */
export interface CourseDocuments {
  ownerUid: string;
  /** The course's `job_id`: its latest whole-course job, null when it never had one. */
  latestJobId: string | null;
  course: Course;
}
export interface SubjectDocuments extends CourseDocuments {
  subject: Subject;
}
export interface ChapterDocuments extends SubjectDocuments {
  chapter: Chapter;
}
export interface TopicDocuments extends ChapterDocuments {
  topic: Topic;
}

/** A whole course, as publishing copies it: every level in outline order, lessons included. */
export interface CourseTree {
  course: Course;
  subjects: (Subject & {
    chapters: (Chapter & { topics: (Topic & { content: string | null })[] })[];
  })[];
}

/**
 * Everything the course API stores. Every method but the `read*Path` ones trusts its path:
 * callers first read the path, which shows that each document on it exists and who owns the
 * course.
 */
export function outlineRepository(db: () => Firestore = defaultDb) {
  const ordered = (children: CollectionReference) => children.orderBy('position').get();

  async function commitInBatches(refs: DocumentReference[]): Promise<void> {
    for (let start = 0; start < refs.length; start += BATCH_LIMIT) {
      const batch = db().batch();
      for (const ref of refs.slice(start, start + BATCH_LIMIT)) batch.delete(ref);
      await batch.commit();
    }
  }

  /**
   * Every document below `ref` (not `ref` itself), found through the known subcollections. A
   * topic's lesson versions are queried unless its document, when given, shows it never had any
   * (no `history_next`), so a topic that never had a lesson costs no read.
   */
  async function descendants(
    level: ParentLevel | 'topic',
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
    await commitInBatches(await descendants(level, ref));
    const { collection, flag } = CHILDREN[parentLevel];
    await db().runTransaction(async (tx) => {
      const siblings = await tx.get(collection(parent).limit(2));
      const othersRemain = siblings.docs.some((doc) => doc.id !== ref.id);
      tx.delete(ref);
      tx.update(parent, { [flag]: othersRemain, updated_at: Timestamp.now() });
    });
  }

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
   * Replaces every child of `parent` by `items` (generation): the new children and the parent's
   * flag are written in one batch first, then the old children's subtrees are deleted, so a
   * failure part-way never leaves the parent empty or a subtree orphaned. Answers the new ids.
   */
  async function replaceChildren(
    parent: DocumentReference,
    parentLevel: ParentLevel,
    items: DocumentData[],
  ): Promise<string[]> {
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
    await commitInBatches([...oldTrees.flat(), ...old.docs.map((doc) => doc.ref)]);
    return refs.map((ref) => ref.id);
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

  /**
   * The nodes at or below `ref` whose level is empty, in outline order, found through the
   * parents' flags: one query per parent whose level is written, none below an empty one.
   */
  async function unwrittenFrom(
    kind: ParentLevel | 'topic',
    node: UnwrittenCandidate,
    path: OutlinePath,
  ): Promise<UnwrittenNode[]> {
    const { name } = node;
    if (kind === 'topic') return node.written ? [] : [{ level: 'lessons', path, name }];
    const { level, childKey } = FILLS[kind];
    if (!node.written) return [{ level, path, name }];
    const children = await ordered(CHILDREN[kind].collection(node.ref));
    const childKind = CHILD_LEVEL[kind];
    const below = await Promise.all(
      children.docs.map((child) =>
        unwrittenFrom(childKind, candidateOf(childKind, child), { ...path, [childKey]: child.id }),
      ),
    );
    return below.flat();
  }

  async function rename(ref: DocumentReference, fields: DocumentData) {
    await ref.update({ ...fields, updated_at: Timestamp.now() });
    return ref.get();
  }

  /**
   * Writes a topic's lesson and records it as the lesson's newest version `history/{n}`, in one
   * transaction that reads only the topic document (which holds n as `history_next`): the
   * lesson, the topic's `has_content` and `history_next`, the version, and the deletion of the
   * version that falls out of the window (n − LESSON_HISTORY_KEPT). A lesson stored before the
   * history existed is read too, once, and recorded first as version 1 ('edited', at its own
   * time). `create` refuses a topic that has a lesson.
   */
  async function writeContent(
    path: TopicPath,
    markdown: string,
    source: LessonVersionSource,
    mode: 'create' | 'upsert',
    guard?: WriteGuard,
  ): Promise<GuardedWriteOutcome> {
    const topic = topicRef(db(), path);
    const content = contentRef(db(), path);
    const attempt = () =>
      db().runTransaction(async (tx: Transaction): Promise<GuardedWriteOutcome> => {
        const snapshot = await tx.get(topic);
        if (!snapshot.exists) return 'topicGone';
        const hasContent = snapshot.get('has_content') === true;
        if (mode === 'create' && hasContent) return 'exists';
        if (guard && !(await guard.holds(tx))) return 'refused';
        const stored = historyNextOf(snapshot);
        const earlier = stored === null && hasContent ? storedLesson(await tx.get(content)) : null;
        const n = (stored ?? 1) + (earlier ? 1 : 0);
        const now = Timestamp.now();
        // The topic first: the offline stand-in applies a commit write by write, so a topic
        // deleted meanwhile fails the commit before anything else is written.
        tx.update(topic, { has_content: true, history_next: n + 1, updated_at: now });
        const data = { markdown, updated_at: now };
        if (mode === 'create') tx.create(content, data);
        else tx.set(content, data);
        if (earlier) {
          tx.create(
            lessonVersionOf(topic, n - 1),
            versionData(earlier.markdown, 'edited', earlier.at),
          );
        }
        tx.create(lessonVersionOf(topic, n), versionData(markdown, source, now));
        if (n > LESSON_HISTORY_KEPT) tx.delete(lessonVersionOf(topic, n - LESSON_HISTORY_KEPT));
        return 'written';
      });
    for (let tries = 1; ; tries += 1) {
      try {
        return await attempt();
      } catch (error) {
        // ALREADY_EXISTS: a create found its lesson there, or (on the stand-in, which does not
        // isolate transactions) another write took the same version number; the next try reads
        // the topic again and decides.
        if (!isAlreadyExists(error)) throw error;
        if (tries >= LESSON_WRITE_ATTEMPTS) {
          if (mode === 'create') return 'exists';
          throw error;
        }
      }
    }
  }

  /** The chapters, topics and lessons below a subject: its chapter ids, then count queries. */
  async function countBelowSubject(subject: DocumentReference) {
    const chapters = await chaptersOf(subject).select().get();
    const perChapter = await Promise.all(
      chapters.docs.map(async (chapter) => {
        const topics = topicsOf(chapter.ref);
        const [all, lessons] = await Promise.all([
          topics.count().get(),
          topics.where('has_content', '==', true).count().get(),
        ]);
        return { topics: all.data().count, lessons: lessons.data().count };
      }),
    );
    return {
      chapters: chapters.size,
      topics: perChapter.reduce((sum, counts) => sum + counts.topics, 0),
      lessons: perChapter.reduce((sum, counts) => sum + counts.lessons, 0),
    };
  }

  /** Every document of `path` in one `getAll`, from the course down; null when one is missing. */
  async function readPath(path: OutlinePath) {
    const snapshots = await db().getAll(...pathRefs(db(), path));
    if (snapshots.some((snapshot) => !snapshot.exists)) return null;
    const [course, subject, chapter, topic] = snapshots;
    if (!course) return null;
    const jobId: unknown = course.get('job_id');
    const owner = {
      ownerUid: String(course.get('owner_uid') ?? ''),
      latestJobId: typeof jobId === 'string' && jobId ? jobId : null,
    };
    return { owner, course, subject, chapter, topic };
  }

  return {
    async readCoursePath({ courseId }: CoursePath): Promise<CourseDocuments | null> {
      const read = await readPath({ courseId });
      return read && { ...read.owner, course: courseOf(read.course) };
    },
    async readSubjectPath({ courseId, subjectId }: SubjectPath): Promise<SubjectDocuments | null> {
      const read = await readPath({ courseId, subjectId });
      if (!read?.subject) return null;
      return {
        ...read.owner,
        course: courseOf(read.course),
        subject: subjectOf(read.subject),
      };
    },
    async readChapterPath(path: ChapterPath): Promise<ChapterDocuments | null> {
      const { courseId, subjectId, chapterId } = path;
      const read = await readPath({ courseId, subjectId, chapterId });
      if (!read?.subject || !read.chapter) return null;
      return {
        ...read.owner,
        course: courseOf(read.course),
        subject: subjectOf(read.subject),
        chapter: chapterOf(read.chapter),
      };
    },
    async readTopicPath(path: TopicPath): Promise<TopicDocuments | null> {
      const read = await readPath(path);
      if (!read?.subject || !read.chapter || !read.topic) return null;
      return {
        ...read.owner,
        course: courseOf(read.course),
        subject: subjectOf(read.subject),
        chapter: chapterOf(read.chapter),
        topic: topicOf(read.topic),
      };
    },

    /**
     * Everything below the course its caller has read already (`course`, not read again): one
     * query per parent and one `getAll` for the lessons of the topics that have one.
     */
    async readCourseTree(path: CoursePath, course: Course): Promise<CourseTree> {
      const subjects = await ordered(subjectsOf(courseRef(db(), path)));
      const chapters = await Promise.all(
        subjects.docs.map((subject) => ordered(chaptersOf(subject.ref))),
      );
      const topics = await Promise.all(
        chapters.map((list) =>
          Promise.all(list.docs.map((chapter) => ordered(topicsOf(chapter.ref)))),
        ),
      );
      const withContent = topics
        .flat(2)
        .flatMap((list) => list.docs)
        .filter((topic) => topic.get('has_content') === true);
      const contents = new Map<string, string>();
      if (withContent.length > 0) {
        const snapshots = await db().getAll(...withContent.map((topic) => contentOf(topic.ref)));
        snapshots.forEach((snapshot, index) => {
          const markdown: unknown = snapshot.get('markdown');
          const topic = withContent[index];
          if (topic && typeof markdown === 'string') contents.set(topic.ref.path, markdown);
        });
      }
      return {
        course,
        subjects: subjects.docs.map((subject, s) => ({
          ...subjectOf(subject),
          chapters: (chapters[s]?.docs ?? []).map((chapter, c) => ({
            ...chapterOf(chapter),
            topics: (topics[s]?.[c]?.docs ?? []).map((topic) => ({
              ...topicOf(topic),
              content: contents.get(topic.ref.path) ?? null,
            })),
          })),
        })),
      };
    },

    /**
     * How many subjects, chapters, topics and lessons the course holds: what regenerating its
     * subjects replaces. Ids are listed per parent, items counted by aggregation queries.
     */
    async countCourse(path: CoursePath): Promise<Required<OutlineCounts>> {
      const subjects = await subjectsOf(courseRef(db(), path)).select().get();
      const below = await Promise.all(subjects.docs.map((doc) => countBelowSubject(doc.ref)));
      return {
        subjects: subjects.size,
        chapters: below.reduce((sum, counts) => sum + counts.chapters, 0),
        topics: below.reduce((sum, counts) => sum + counts.topics, 0),
        lessons: below.reduce((sum, counts) => sum + counts.lessons, 0),
      };
    },

    /** How many chapters, topics and lessons the subject holds: what regenerating its chapters replaces. */
    countSubject: (path: SubjectPath): Promise<OutlineCounts> =>
      countBelowSubject(subjectRef(db(), path)),

    async listCourses(uid: string): Promise<Course[]> {
      const snapshot = await coursesCollection(db())
        .where('owner_uid', '==', uid)
        .orderBy('created_at', 'desc')
        .get();
      return snapshot.docs.map(courseOf);
    },

    async createCourse(
      uid: string,
      input: { name: string; description: string; settings: CourseSettings },
    ): Promise<Course> {
      const ref = coursesCollection(db()).doc();
      const now = Timestamp.now();
      const fields = {
        owner_uid: uid,
        name: input.name,
        description: input.description,
        image_url: null,
        has_subjects: false,
        settings: input.settings,
      };
      await ref.create({ ...fields, created_at: now, updated_at: now });
      return toCourse(ref.id, fields);
    },

    async updateCourse(path: CoursePath, input: { name: string; description: string }) {
      return courseOf(await rename(courseRef(db(), path), input));
    },

    /** Replaces the course's settings (the whole map); answers the course as stored. */
    async updateCourseSettings(path: CoursePath, settings: CourseSettings): Promise<Course> {
      return courseOf(await rename(courseRef(db(), path), { settings }));
    },

    /** Points the course at its new cover; fails (not-found) when the course was deleted. */
    async setCourseImage(path: CoursePath, imageUrl: string): Promise<void> {
      await courseRef(db(), path).update({ image_url: imageUrl, updated_at: Timestamp.now() });
    },

    /** Its jobs go first, so a job step still running finds its job gone and stores nothing. */
    async deleteCourse(path: CoursePath): Promise<void> {
      const ref = courseRef(db(), path);
      const jobs = await jobsOf(ref).select().get();
      await commitInBatches(jobs.docs.map((job) => job.ref));
      await commitInBatches([...(await descendants('course', ref)), ref]);
    },

    /** The nodes of the course (or below the subject or chapter `path` names) still empty. */
    async listUnwritten(path: OutlinePath): Promise<UnwrittenNode[]> {
      const kind = path.chapterId ? 'chapter' : path.subjectId ? 'subject' : 'course';
      const snapshot = await (pathRefs(db(), path).at(-1) ?? courseRef(db(), path)).get();
      return snapshot.exists ? unwrittenFrom(kind, candidateOf(kind, snapshot), path) : [];
    },

    /** The same from a course its caller has read already: the course is not read again. */
    listUnwrittenOfCourse(path: CoursePath, course: Course): Promise<UnwrittenNode[]> {
      const candidate = {
        ref: courseRef(db(), path),
        name: course.name,
        written: course.has_subjects,
      };
      return unwrittenFrom('course', candidate, path);
    },

    fillSubjects: (
      path: CoursePath,
      subjects: { name: string; description: string }[],
      guard: WriteGuard,
    ) =>
      fillChildren(
        courseRef(db(), path),
        'course',
        subjects.map((subject) => ({ ...subject, image_url: null, has_chapters: false })),
        guard,
      ),
    fillChapters: (path: SubjectPath, chapters: { name: string }[], guard: WriteGuard) =>
      fillChildren(
        subjectRef(db(), path),
        'subject',
        chapters.map(({ name }) => ({ name, has_topics: false })),
        guard,
      ),
    fillTopics: (path: ChapterPath, topics: { name: string }[], guard: WriteGuard) =>
      fillChildren(
        chapterRef(db(), path),
        'chapter',
        topics.map(({ name }) => ({ name, has_content: false })),
        guard,
      ),
    /** Writes a generated first lesson while the topic has none and `guard` holds. */
    async fillLesson(path: TopicPath, markdown: string, guard: WriteGuard): Promise<FillOutcome> {
      const outcome = await writeContent(path, markdown, 'generated', 'create', guard);
      if (outcome === 'exists') return 'present';
      return outcome === 'topicGone' ? 'gone' : outcome;
    },

    async listSubjects(path: CoursePath): Promise<Subject[]> {
      return (await ordered(subjectsOf(courseRef(db(), path)))).docs.map(subjectOf);
    },
    async createSubject(path: CoursePath, input: { name: string; description?: string }) {
      const fields = {
        name: input.name,
        description: input.description ?? null,
        image_url: null,
        has_chapters: false,
      };
      return toSubject(await createChild(courseRef(db(), path), 'course', fields), fields);
    },
    async updateSubject(path: SubjectPath, input: { name: string; description?: string }) {
      return subjectOf(await rename(subjectRef(db(), path), input));
    },
    async replaceSubjects(path: CoursePath, subjects: { name: string; description: string }[]) {
      const fields = subjects.map((subject) => ({
        ...subject,
        image_url: null,
        has_chapters: false,
      }));
      const ids = await replaceChildren(courseRef(db(), path), 'course', fields);
      return ids.map((id, index) => toSubject(id, fields[index] ?? {}));
    },
    async setSubjectImage(path: SubjectPath, imageUrl: string): Promise<void> {
      await subjectRef(db(), path).update({ image_url: imageUrl, updated_at: Timestamp.now() });
    },
    async deleteSubject(path: SubjectPath): Promise<void> {
      await deleteNode('subject', subjectRef(db(), path), courseRef(db(), path), 'course');
    },

    async listChapters(path: SubjectPath): Promise<Chapter[]> {
      return (await ordered(chaptersOf(subjectRef(db(), path)))).docs.map(chapterOf);
    },
    async createChapter(path: SubjectPath, input: { name: string }) {
      const fields = { name: input.name, has_topics: false };
      return toChapter(await createChild(subjectRef(db(), path), 'subject', fields), fields);
    },
    async updateChapter(path: ChapterPath, input: { name: string }) {
      return chapterOf(await rename(chapterRef(db(), path), input));
    },
    async replaceChapters(path: SubjectPath, chapters: { name: string }[]) {
      const fields = chapters.map(({ name }) => ({ name, has_topics: false }));
      const ids = await replaceChildren(subjectRef(db(), path), 'subject', fields);
      return ids.map((id, index) => toChapter(id, fields[index] ?? {}));
    },
    async deleteChapter(path: ChapterPath): Promise<void> {
      await deleteNode('chapter', chapterRef(db(), path), subjectRef(db(), path), 'subject');
    },

    async listTopics(path: ChapterPath): Promise<Topic[]> {
      return (await ordered(topicsOf(chapterRef(db(), path)))).docs.map(topicOf);
    },
    async createTopic(path: ChapterPath, input: { name: string }) {
      const fields = { name: input.name, has_content: false };
      return toTopic(await createChild(chapterRef(db(), path), 'chapter', fields), fields);
    },
    async updateTopic(path: TopicPath, input: { name: string }) {
      return topicOf(await rename(topicRef(db(), path), input));
    },
    async replaceTopics(path: ChapterPath, topics: { name: string }[]) {
      const fields = topics.map(({ name }) => ({ name, has_content: false }));
      const ids = await replaceChildren(chapterRef(db(), path), 'chapter', fields);
      return ids.map((id, index) => toTopic(id, fields[index] ?? {}));
    },
    async deleteTopic(path: TopicPath): Promise<void> {
      await deleteNode('topic', topicRef(db(), path), chapterRef(db(), path), 'chapter');
    },

    async getContent(path: TopicPath): Promise<string | null> {
      const markdown: unknown = (await contentRef(db(), path).get()).get('markdown');
      return typeof markdown === 'string' ? markdown : null;
    },

    /**
     * Writes the topic's first markdown, sets `has_content` and records the lesson as a version
     * from `source`; 'exists' when it has one already.
     */
    createContent: (path: TopicPath, markdown: string, source: LessonVersionSource) =>
      noGuard(writeContent(path, markdown, source, 'create')),

    /**
     * Writes (or replaces) the topic's markdown, sets `has_content` and records the lesson as a
     * version from `source`, the lesson before it staying in the history.
     */
    saveContent: (path: TopicPath, markdown: string, source: LessonVersionSource) =>
      noGuard(writeContent(path, markdown, source, 'upsert')),

    /**
     * Deletes the markdown and clears `has_content`; the lesson's versions stay, so it can be
     * restored (a lesson stored before the history existed is kept as version 1 first). False
     * when there was none.
     */
    async deleteContent(path: TopicPath): Promise<boolean> {
      const topic = topicRef(db(), path);
      const content = contentRef(db(), path);
      return db().runTransaction(async (tx) => {
        const [existing, snapshot] = await tx.getAll(content, topic);
        if (!existing?.exists) return false;
        const beforeHistory = snapshot?.exists === true && historyNextOf(snapshot) === null;
        const lesson = beforeHistory ? storedLesson(existing) : null;
        const now = Timestamp.now();
        tx.delete(content);
        tx.update(topic, {
          has_content: false,
          updated_at: now,
          ...(lesson && { history_next: 2 }),
        });
        if (lesson) {
          tx.create(lessonVersionOf(topic, 1), versionData(lesson.markdown, 'edited', lesson.at));
        }
        return true;
      });
    },
  };
}

export type OutlineRepository = ReturnType<typeof outlineRepository>;
