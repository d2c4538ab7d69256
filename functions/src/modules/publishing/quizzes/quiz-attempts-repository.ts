import { chapterQuizSettingsSchema, type ChapterQuizSettings } from '@coursecraft/contracts';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import * as z from 'zod';
import { db as defaultDb } from '../../../lib/firestore/db';
import {
  learnerAnswersRef,
  learnerProgressRef,
  quizAttemptRef,
  type CoursePath,
} from '../../../lib/firestore/paths';
import { Timestamp } from '../../../lib/firestore/sdk';
import { recordAnswersIn } from '../answer-records-repository';
import {
  quizStandingOf,
  quizStandingsOf,
  storedQuizStanding,
  type QuizStanding,
} from '../quiz-standing';
import { quizQuestionSchema, type QuizQuestion } from './draw-questions';
import type { GradedAttempt } from './quiz-grading';

/** One attempt as stored: its questions and their keys are frozen at its start. */
export interface AttemptRecord {
  attemptId: string;
  chapterId: string;
  number: number;
  startedAt: Date;
  submittedAt: Date | null;
  settings: ChapterQuizSettings;
  questions: QuizQuestion[];
}

export type StartOutcome =
  | { kind: 'created' | 'open'; attempt: AttemptRecord; standing: QuizStanding }
  | { kind: 'no-attempts-left' }
  | { kind: 'not-started' };

export type SubmitOutcome =
  | { kind: 'submitted'; graded: GradedAttempt; attempt: AttemptRecord; standing: QuizStanding }
  | { kind: 'unknown' }
  | { kind: 'already-submitted' };

const storedAttemptSchema = z.object({
  chapter_id: z.string(),
  number: z.number().int().positive(),
  started_at: z.instanceof(Timestamp),
  submitted_at: z.instanceof(Timestamp).nullable(),
  settings: chapterQuizSettingsSchema,
  questions: z.array(quizQuestionSchema),
});

function attemptOf(snapshot: DocumentSnapshot, attemptId: string): AttemptRecord | null {
  const parsed = storedAttemptSchema.safeParse(snapshot.data());
  if (!parsed.success) return null;
  const { chapter_id, number, started_at, submitted_at, settings, questions } = parsed.data;
  return {
    attemptId,
    chapterId: chapter_id,
    number,
    startedAt: started_at.toDate(),
    submittedAt: submitted_at?.toDate() ?? null,
    settings,
    questions,
  };
}

/** The id of a learner's `number`th attempt at a chapter's quiz (unique in their attempts). */
export const attemptIdOf = (chapterId: string, number: number): string => `${chapterId}n${number}`;

/**
 * A write another tab's transaction made first: a create of an existing attempt or an update of
 * a changed one (the offline stand-in does not isolate transactions, so these preconditions are
 * what keep two tabs from both starting or both submitting), or a real Firestore's contention.
 */
const ALREADY_EXISTS = 6;
const FAILED_PRECONDITION = 9;
const ABORTED = 10;
const isWriteConflict = (error: unknown): boolean => {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return code === ALREADY_EXISTS || code === FAILED_PRECONDITION || code === ABORTED;
};

/** Runs `work` again once when another tab's write got in first (it then sees that write). */
async function onceMore<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
    return work();
  }
}

/**
 * Learners' quiz attempts (`quiz_attempts`) and their standing at each chapter quiz, kept in
 * their progress document: a start and a submit are each one transaction over both.
 */
export function quizAttemptsRepository(db: () => Firestore = defaultDb) {
  return {
    /**
     * Returns the learner's open attempt at the chapter's quiz, or creates their next one with
     * `questions` (drawn by the caller) and counts it, unless `settings.attempts` are used up.
     * A learner with no progress document gets one only with `admitted` (the caller counted a
     * new learner), else nothing is written: `not-started`.
     */
    async start(
      path: CoursePath,
      uid: string,
      wanted: {
        chapterId: string;
        slug: string;
        version: number;
        settings: ChapterQuizSettings;
        questions: QuizQuestion[];
        at: Date;
        admitted: boolean;
      },
    ): Promise<StartOutcome> {
      const { chapterId, settings, at } = wanted;
      const progressRef = learnerProgressRef(db(), path, uid);
      const time = Timestamp.fromDate(at);
      return onceMore(() =>
        db().runTransaction(async (tx): Promise<StartOutcome> => {
          const progress = await tx.get(progressRef);
          if (!progress.exists && !wanted.admitted) return { kind: 'not-started' };
          const standing =
            quizStandingsOf(progress.get('quizzes')).get(chapterId) ?? quizStandingOf(undefined);
          if (standing.openAttempt !== null) {
            const openId = standing.openAttempt;
            const open = attemptOf(await tx.get(quizAttemptRef(db(), path, uid, openId)), openId);
            if (open && open.submittedAt === null) return { kind: 'open', attempt: open, standing };
          }
          if (settings.attempts !== null && standing.attempts >= settings.attempts) {
            return { kind: 'no-attempts-left' };
          }
          const number = standing.attempts + 1;
          const attemptId = attemptIdOf(chapterId, number);
          // The attempt first: a second tab's create of the same attempt fails before writing.
          tx.create(quizAttemptRef(db(), path, uid, attemptId), {
            course_id: path.courseId,
            uid,
            chapter_id: chapterId,
            slug: wanted.slug,
            version: wanted.version,
            number,
            started_at: time,
            submitted_at: null,
            settings,
            questions: wanted.questions,
            result: null,
          });
          const next = { ...standing, attempts: number, openAttempt: attemptId };
          const quizzes = { [chapterId]: storedQuizStanding(next) };
          if (progress.exists) {
            tx.set(progressRef, { quizzes, updated_at: time }, { merge: true });
          } else {
            tx.create(progressRef, {
              course_id: path.courseId,
              uid,
              completed: [],
              started_at: time,
              updated_at: time,
              quizzes,
            });
          }
          const attempt: AttemptRecord = {
            attemptId,
            chapterId,
            number,
            startedAt: at,
            submittedAt: null,
            settings,
            questions: wanted.questions,
          };
          return { kind: 'created', attempt, standing: next };
        }),
      );
    },

    /**
     * Grades the learner's attempt with `grade` (which may throw, writing nothing) and records
     * it in one transaction: the attempt's result, the standing (open attempt cleared, best
     * score, passed), and the answered questions as the learner's answers with first-answer
     * counters. Another learner's attempt, or one of another chapter, is `unknown`.
     */
    async submit(
      path: CoursePath,
      uid: string,
      {
        chapterId,
        attemptId,
        at,
        grade,
      }: {
        chapterId: string;
        attemptId: string;
        at: Date;
        grade: (attempt: AttemptRecord) => GradedAttempt;
      },
    ): Promise<SubmitOutcome> {
      const attemptRef = quizAttemptRef(db(), path, uid, attemptId);
      const progressRef = learnerProgressRef(db(), path, uid);
      const answersRef = learnerAnswersRef(db(), path, uid);
      const time = Timestamp.fromDate(at);
      return onceMore(() =>
        db().runTransaction(async (tx): Promise<SubmitOutcome> => {
          const [attemptSnapshot, progress, answers] = await tx.getAll(
            attemptRef,
            progressRef,
            answersRef,
          );
          const attempt = attemptSnapshot ? attemptOf(attemptSnapshot, attemptId) : null;
          if (!attempt || !attemptSnapshot?.updateTime || attempt.chapterId !== chapterId) {
            return { kind: 'unknown' };
          }
          if (attempt.submittedAt !== null) return { kind: 'already-submitted' };
          const graded = grade(attempt);
          const before =
            quizStandingsOf(progress?.get('quizzes')).get(chapterId) ?? quizStandingOf(undefined);
          const standing: QuizStanding = {
            attempts: Math.max(before.attempts, attempt.number),
            openAttempt: before.openAttempt === attemptId ? null : before.openAttempt,
            bestScore: Math.max(before.bestScore ?? 0, graded.score),
            passed: before.passed || graded.passed,
          };
          // The attempt first, only if unchanged since read: a second submit fails here.
          tx.update(
            attemptRef,
            {
              submitted_at: time,
              result: {
                score: graded.score,
                correct: graded.correct,
                total: graded.total,
                passed: graded.passed,
                answers: graded.questions.map(({ entry, response, correct }) => ({
                  question_id: entry.question.id,
                  response,
                  correct,
                })),
              },
            },
            { lastUpdateTime: attemptSnapshot.updateTime },
          );
          tx.set(
            progressRef,
            { quizzes: { [chapterId]: storedQuizStanding(standing) }, updated_at: time },
            { merge: true },
          );
          if (answers) {
            recordAnswersIn(
              tx,
              db(),
              { path, uid, stored: answers, at },
              graded.questions.flatMap(({ entry, response, correct }) =>
                response === null
                  ? []
                  : [{ topicId: entry.topic_id, questionId: entry.question.id, correct }],
              ),
            );
          }
          return { kind: 'submitted', graded, attempt, standing };
        }),
      );
    },
  };
}

export type QuizAttemptsRepository = ReturnType<typeof quizAttemptsRepository>;
