import {
  chapterQuizSettingsSchema,
  learnerSubjectSchema,
  type LearnerSubject,
} from '@coursecraft/contracts';
import type {
  CollectionReference,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
} from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import * as z from 'zod';
import { db as defaultDb } from '../../lib/firestore/db';
import { BATCH_LIMIT, deleteInBatches, setInBatches } from '../../lib/firestore/batches';
import { publishedQuestionSchema, type PublishedQuestion } from './published-questions';
import { tryAcquireLease, type ReleaseLease } from '../../lib/firestore/lease';
import {
  courseRef,
  learnerAnswersCollection,
  learnerAnswersRef,
  learnerProgressCollection,
  learnerProgressRef,
  publicationRef,
  publicationsCollection,
  publishedLessonRef,
  publishedLessonsCollection,
  publishedQuestionsCollection,
  publishedQuestionsRef,
  publishedQuizRef,
  publishedQuizzesCollection,
  publishLeaseRef,
  questionStatsCollection,
  quizAttemptsCollection,
  type CoursePath,
} from '../../lib/firestore/paths';

import { recordAnswersIn } from './answer-records-repository';
import type { SnapshotQuiz } from './quizzes/chapter-quizzes';
import { quizQuestionSchema } from './quizzes/draw-questions';
import { quizStandingsOf, type QuizStanding } from './quiz-standing';

const publishedOutlineSchema = z.object({
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  subjects: z.array(learnerSubjectSchema),
  require_quiz_pass: z.boolean().default(false),
});

/** What a snapshot shows of the course: its card and whole outline, without lessons. */
export interface PublishedOutline {
  name: string;
  description: string;
  image_url: string | null;
  subjects: LearnerSubject[];
  /** The course setting when published: completing it needs every chapter quiz passed. */
  require_quiz_pass: boolean;
}

export interface PublicationRecord {
  courseId: string;
  ownerUid: string;
  /** null once unpublished: the document then only keeps the last outline for analytics. */
  slug: string | null;
  version: number;
  publishedAt: Date;
  course: PublishedOutline;
  /** "List in search engines"; false for publications stored before the choice existed. */
  listed: boolean;
}

export interface PublishedLesson {
  topicId: string;
  content: string;
}

/** One topic's questions in a snapshot (quiz-only ones included), in the author's order. */
export interface PublishedTopicQuestions {
  topicId: string;
  questions: PublishedQuestion[];
}

/** One graded answer to record. */
export interface GradedAnswer {
  questionId: string;
  correct: boolean;
}

/** A commit request may carry 10 MiB; rendered questions with math can be large. */
const BATCH_MAX_BYTES = 8_000_000;

/** Sets each document, in batches that stay under a commit's count and size. */
async function writeSized(
  firestore: Firestore,
  writes: [DocumentReference, Record<string, unknown>][],
): Promise<void> {
  let batch = firestore.batch();
  let count = 0;
  let bytes = 0;
  for (const [ref, data] of writes) {
    const size = Buffer.byteLength(JSON.stringify(data), 'utf8');
    if (count > 0 && (count >= BATCH_LIMIT || bytes + size > BATCH_MAX_BYTES)) {
      await batch.commit();
      batch = firestore.batch();
      count = 0;
      bytes = 0;
    }
    batch.set(ref, data);
    count += 1;
    bytes += size;
  }
  if (count > 0) await batch.commit();
}

const publishedQuizDocumentSchema = z.object({
  settings: chapterQuizSettingsSchema,
  questions: z.array(quizQuestionSchema),
});

/** A learner's progress document as read: completed topics and quiz standings. */
export interface LearnerProgressRecord {
  completed: string[];
  quizzes: Map<string, QuizStanding>;
}

export interface ProgressRecord {
  uid: string;
  completed: string[];
  startedAt: Date;
  /** Chapter id → the learner's standing at that chapter's quiz. */
  quizzes: Map<string, QuizStanding>;
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const dateOf = (value: unknown): Date | null =>
  value instanceof Timestamp ? value.toDate() : null;

function progressRecordOf(snapshot: DocumentSnapshot): LearnerProgressRecord {
  return {
    completed: stringsOf(snapshot.get('completed')),
    quizzes: quizStandingsOf(snapshot.get('quizzes')),
  };
}

function toPublication(snapshot: DocumentSnapshot): PublicationRecord | null {
  const data = snapshot.data();
  if (!data) return null;
  const course = publishedOutlineSchema.safeParse(data.course);
  const publishedAt = dateOf(data.published_at);
  if (!course.success || !publishedAt || typeof data.version !== 'number') return null;
  return {
    courseId: snapshot.id,
    ownerUid: typeof data.owner_uid === 'string' ? data.owner_uid : '',
    slug: typeof data.slug === 'string' ? data.slug : null,
    version: data.version,
    publishedAt,
    course: course.data,
    listed: data.listed === true,
  };
}

/**
 * Deletes a collection's documents of a course's snapshots, of one version only when given (two
 * equality filters: served by single-field indexes, and only that version's documents are read).
 */
async function deleteOfSnapshots(
  collection: CollectionReference,
  { courseId }: CoursePath,
  version?: number,
): Promise<void> {
  const ofCourse = collection.where('course_id', '==', courseId);
  const found = await (
    version === undefined ? ofCourse : ofCourse.where('version', '==', version)
  ).get();
  await deleteInBatches(
    collection.firestore,
    found.docs.map((doc) => doc.ref),
  );
}

/**
 * Publications, their lessons and questions, learners' progress and answers, and the lease that serialises a course's
 * publish and unpublish. Lessons, questions, progress and answers carry `course_id`, so everything of a course is
 * found by one query per collection when it is deleted.
 */
export function publishingRepository(
  db: () => Firestore = defaultDb,
  now: () => number = Date.now,
) {
  return {
    /** Takes the course's publish lease (see lib/firestore/lease), or null while it is held. */
    async tryAcquireLease(path: CoursePath): Promise<ReleaseLease | null> {
      return tryAcquireLease(publishLeaseRef(db(), path), { course_id: path.courseId }, now);
    },

    async findPublication(path: CoursePath): Promise<PublicationRecord | null> {
      return toPublication(await publicationRef(db(), path).get());
    },

    /** The live publication a share link names; null for an unknown or unpublished slug. */
    async findLiveBySlug(slug: string): Promise<PublicationRecord | null> {
      const found = await publicationsCollection(db()).where('slug', '==', slug).limit(1).get();
      const [first] = found.docs;
      return first ? toPublication(first) : null;
    },

    /** Writes one lesson document per topic of the snapshot `version`. */
    async writeLessons(
      { courseId }: CoursePath,
      { slug, version }: { slug: string; version: number },
      lessons: PublishedLesson[],
    ): Promise<void> {
      await setInBatches(
        db(),
        lessons.map(({ topicId, content }) => [
          publishedLessonRef(db(), { slug, version, topicId }),
          { course_id: courseId, slug, version, topic_id: topicId, content },
        ]),
      );
    },

    /** Deletes the course's published lessons, of one version only when given. */
    async deleteLessons(path: CoursePath, version?: number): Promise<void> {
      await deleteOfSnapshots(publishedLessonsCollection(db()), path, version);
    },

    /**
     * Writes one document per topic with questions of the snapshot `version`, in batches that
     * stay under a commit's size.
     */
    async writeQuestions(
      { courseId }: CoursePath,
      { slug, version }: { slug: string; version: number },
      topics: PublishedTopicQuestions[],
    ): Promise<void> {
      await writeSized(
        db(),
        topics.map(({ topicId, questions }) => [
          publishedQuestionsRef(db(), { slug, version, topicId }),
          { course_id: courseId, slug, version, topic_id: topicId, questions },
        ]),
      );
    },

    /** Deletes the course's published questions, of one version only when given. */
    async deleteQuestions(path: CoursePath, version?: number): Promise<void> {
      await deleteOfSnapshots(publishedQuestionsCollection(db()), path, version);
    },

    /** One topic's questions in one snapshot; null when that snapshot or topic has none. */
    async readQuestions(key: {
      slug: string;
      version: number;
      topicId: string;
    }): Promise<PublishedQuestion[] | null> {
      const parsed = z
        .array(publishedQuestionSchema)
        .safeParse((await publishedQuestionsRef(db(), key).get()).get('questions'));
      return parsed.success ? parsed.data : null;
    },

    /**
     * Records a learner's graded answers to one topic's questions in one transaction that reads
     * their answers document, counting the first answer to each question (see answer-records-repository).
     */
    async recordAnswers(
      path: CoursePath,
      uid: string,
      topicId: string,
      answers: GradedAnswer[],
      at: Date,
    ): Promise<void> {
      const ref = learnerAnswersRef(db(), path, uid);
      await db().runTransaction(async (tx) => {
        const stored = await tx.get(ref);
        recordAnswersIn(
          tx,
          db(),
          { path, uid, stored, at },
          answers.map((answer) => ({ ...answer, topicId })),
        );
      });
    },

    /**
     * Writes one document per chapter quiz of the snapshot `version` (settings and pool), in
     * batches that stay under a commit's size.
     */
    async writeQuizzes(
      { courseId }: CoursePath,
      { slug, version }: { slug: string; version: number },
      quizzes: SnapshotQuiz[],
    ): Promise<void> {
      await writeSized(
        db(),
        quizzes.map(({ chapterId, settings, questions }) => [
          publishedQuizRef(db(), { slug, version, chapterId }),
          { course_id: courseId, slug, version, chapter_id: chapterId, settings, questions },
        ]),
      );
    },

    /** Deletes the course's published quizzes, of one version only when given. */
    async deleteQuizzes(path: CoursePath, version?: number): Promise<void> {
      await deleteOfSnapshots(publishedQuizzesCollection(db()), path, version);
    },

    /** One chapter quiz of one snapshot; null when that snapshot has no quiz for the chapter. */
    async readQuiz(key: {
      slug: string;
      version: number;
      chapterId: string;
    }): Promise<Omit<SnapshotQuiz, 'chapterId'> | null> {
      const parsed = publishedQuizDocumentSchema.safeParse(
        (await publishedQuizRef(db(), key).get()).data(),
      );
      return parsed.success ? parsed.data : null;
    },

    /** The lesson of one topic in one snapshot; null when that snapshot or topic has none. */
    async readLesson(key: {
      slug: string;
      version: number;
      topicId: string;
    }): Promise<string | null> {
      const content: unknown = (await publishedLessonRef(db(), key).get()).get('content');
      return typeof content === 'string' ? content : null;
    },

    /**
     * Points the course's publication at a new snapshot and marks the course published, in one
     * transaction; false (nothing written) when the course was deleted meanwhile.
     */
    async commitPublication(
      path: CoursePath,
      record: Omit<PublicationRecord, 'courseId'> & { slug: string },
    ): Promise<boolean> {
      const course = courseRef(db(), path);
      return db().runTransaction(async (tx) => {
        if (!(await tx.get(course)).exists) return false;
        tx.set(publicationRef(db(), path), {
          course_id: path.courseId,
          owner_uid: record.ownerUid,
          slug: record.slug,
          version: record.version,
          published_at: Timestamp.fromDate(record.publishedAt),
          course: record.course,
          listed: record.listed,
        });
        tx.update(course, { published: true });
        return true;
      });
    },

    /** Sets the publication's "List in search engines". */
    async setListed(path: CoursePath, listed: boolean): Promise<void> {
      await publicationRef(db(), path).update({ listed });
    },

    /** Takes the publication's slug away (the outline stays) and marks the course unpublished. */
    async unpublish(path: CoursePath): Promise<void> {
      const course = courseRef(db(), path);
      const publication = publicationRef(db(), path);
      await db().runTransaction(async (tx) => {
        const [courseSnapshot, publicationSnapshot] = await tx.getAll(course, publication);
        if (publicationSnapshot?.exists) tx.update(publication, { slug: null });
        if (courseSnapshot?.exists) tx.update(course, { published: false });
      });
    },

    /** A learner's completed topics and quiz standings; none when they never saved any. */
    async readProgress(path: CoursePath, uid: string): Promise<LearnerProgressRecord> {
      return progressRecordOf(await learnerProgressRef(db(), path, uid).get());
    },

    /**
     * Replaces the learner's completed set. A learner with no progress yet who completes nothing
     * gets no document, so every document is a learner who started; one who completes something
     * gets theirs only with `start` (the caller counted a new learner), else nothing is written
     * and the answer is `not-started`.
     */
    async saveProgress(
      path: CoursePath,
      uid: string,
      completed: string[],
      { at, start }: { at: Date; start: boolean },
    ): Promise<LearnerProgressRecord | 'not-started'> {
      const ref = learnerProgressRef(db(), path, uid);
      const time = Timestamp.fromDate(at);
      return db().runTransaction(async (tx) => {
        const existing = await tx.get(ref);
        const saved = { completed, quizzes: progressRecordOf(existing).quizzes };
        if (existing.exists) {
          tx.update(ref, { completed, updated_at: time });
        } else if (completed.length > 0) {
          if (!start) return 'not-started';
          tx.create(ref, {
            course_id: path.courseId,
            uid,
            completed,
            started_at: time,
            updated_at: time,
          });
        }
        return saved;
      });
    },

    /** Every learner's progress in the course. */
    async listProgress({ courseId }: CoursePath): Promise<ProgressRecord[]> {
      const found = await learnerProgressCollection(db()).where('course_id', '==', courseId).get();
      return found.docs.map((doc) => ({
        uid: String(doc.get('uid') ?? ''),
        completed: stringsOf(doc.get('completed')),
        startedAt: dateOf(doc.get('started_at')) ?? new Date(0),
        quizzes: quizStandingsOf(doc.get('quizzes')),
      }));
    },

    /** Deletes every document publishing keeps about the course but its lease (the caller's). */
    async forgetCourse(path: CoursePath): Promise<void> {
      const ofCourse = (collection: CollectionReference) =>
        collection.where('course_id', '==', path.courseId).get();
      const found = await Promise.all([
        ofCourse(publishedLessonsCollection(db())),
        ofCourse(publishedQuestionsCollection(db())),
        ofCourse(learnerProgressCollection(db())),
        ofCourse(learnerAnswersCollection(db())),
        ofCourse(publishedQuizzesCollection(db())),
        ofCourse(quizAttemptsCollection(db())),
        ofCourse(questionStatsCollection(db())),
      ]);
      await deleteInBatches(db(), [
        ...found.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref)),
        publicationRef(db(), path),
      ]);
    },
  };
}

export type PublishingRepository = ReturnType<typeof publishingRepository>;
