import { randomInt } from 'node:crypto';
import {
  QUIZ_MESSAGES,
  answersShown,
  documentIdSchema,
  type QuizAttempt,
  type QuizResult,
  type QuizSubmission,
} from '@coursecraft/contracts';
import type { BodyReader } from '../../../lib/body-reader';
import { HttpError } from '../../../lib/http-error';
import { livePublication } from '../live-publication';
import { notFound } from '../not-found';
import { quizChaptersOf } from '../publish-snapshot';
import { learnerView } from '../published-questions';
import type { PublicationRecord, PublishingRepository } from '../publishing-repository';
import { attemptsLeft } from '../quiz-standing';
import { drawQuestions } from './draw-questions';
import type { AttemptRecord, QuizAttemptsRepository } from './quiz-attempts-repository';
import { gradeAttempt, quizQuestionResults } from './quiz-grading';

export interface LearnerQuizDependencies {
  publications: Pick<PublishingRepository, 'findLiveBySlug' | 'readQuiz'>;
  attempts: QuizAttemptsRepository;
  now: () => Date;
  /** A number in [0, 1) for drawing and shuffling (tests may fix it). */
  random?: () => number;
}

const cryptoRandom = (): number => randomInt(2 ** 47) / 2 ** 47;

const ATTEMPT_ID = /^[A-Za-z0-9]{1,40}$/;

function unknownAttempt(): never {
  throw new HttpError(404, 'NOT_FOUND', QUIZ_MESSAGES.unknownAttempt);
}

function notInAttempt(): never {
  throw new HttpError(400, 'VALIDATION', QUIZ_MESSAGES.answerNotInAttempt);
}

/** An attempt as its learner gets it: the drawn questions in its order, no key. */
const attemptAnswer = (attempt: AttemptRecord, used: number): QuizAttempt => ({
  attempt_id: attempt.attemptId,
  chapter_id: attempt.chapterId,
  number: attempt.number,
  questions: attempt.questions.map(learnerView),
  pass_mark: attempt.settings.pass_mark,
  attempts_left: attemptsLeft(attempt.settings.attempts, used),
  started_at: attempt.startedAt.toISOString(),
});

/**
 * Learners' chapter quiz attempts: a start draws the questions from the live snapshot's pool
 * and freezes them with their keys in the attempt, so a submit is graded against what the
 * learner was shown whatever was published since.
 */
export function learnerQuizService({
  publications,
  attempts,
  now,
  random = cryptoRandom,
}: LearnerQuizDependencies) {
  /** The live publication, with the chapter's quiz in it, or the learners' 404. */
  async function liveQuiz(slug: string, chapterId: string): Promise<PublicationRecord> {
    if (!documentIdSchema.safeParse(chapterId).success) notFound();
    const found = await livePublication(publications, slug);
    const hasQuiz = quizChaptersOf(found.course).some((chapter) => chapter.chapterId === chapterId);
    return hasQuiz ? found : notFound();
  }

  return {
    /**
     * The caller's open attempt at the chapter's quiz (`created` false), or a new one. A
     * learner's first stored progress counts once against `admitNewLearner`, as saving
     * progress does.
     */
    async start(
      slug: string,
      chapterId: string,
      uid: string,
      admitNewLearner: () => Promise<void>,
    ): Promise<{ created: boolean; attempt: QuizAttempt }> {
      const found = await liveQuiz(slug, chapterId);
      const quiz = await publications.readQuiz({ slug, version: found.version, chapterId });
      if (!quiz) notFound();
      const path = { courseId: found.courseId };
      const wanted = {
        chapterId,
        slug,
        version: found.version,
        settings: quiz.settings,
        questions: drawQuestions(quiz.questions, quiz.settings, random),
        at: now(),
        admitted: false,
      };
      let outcome = await attempts.start(path, uid, wanted);
      if (outcome.kind === 'not-started') {
        await admitNewLearner();
        outcome = await attempts.start(path, uid, { ...wanted, admitted: true });
      }
      if (outcome.kind === 'no-attempts-left') {
        throw new HttpError(409, 'NO_ATTEMPTS_LEFT', QUIZ_MESSAGES.noAttemptsLeft);
      }
      if (outcome.kind === 'not-started') throw new Error('A new learner was not admitted.');
      return {
        created: outcome.kind === 'created',
        attempt: attemptAnswer(outcome.attempt, outcome.standing.attempts),
      };
    },

    /** Grades the caller's open attempt against its frozen keys and records the result. */
    async submit(
      slug: string,
      chapterId: string,
      attemptId: string,
      uid: string,
      readBody: BodyReader<QuizSubmission>,
    ): Promise<QuizResult> {
      if (!documentIdSchema.safeParse(chapterId).success) notFound();
      const found = await livePublication(publications, slug);
      if (!ATTEMPT_ID.test(attemptId)) unknownAttempt();
      const { answers } = readBody();
      const outcome = await attempts.submit({ courseId: found.courseId }, uid, {
        chapterId,
        attemptId,
        at: now(),
        grade: (attempt) =>
          gradeAttempt(attempt.questions, answers, attempt.settings.pass_mark) ?? notInAttempt(),
      });
      if (outcome.kind === 'unknown') unknownAttempt();
      if (outcome.kind === 'already-submitted') {
        throw new HttpError(409, 'ATTEMPT_SUBMITTED', QUIZ_MESSAGES.alreadySubmitted);
      }
      const { graded, attempt, standing } = outcome;
      const left = attemptsLeft(attempt.settings.attempts, standing.attempts);
      const shown = answersShown(attempt.settings.show_answers_after, {
        passed: standing.passed,
        attemptsLeft: left,
      });
      return {
        attempt_id: attemptId,
        score: graded.score,
        correct: graded.correct,
        total: graded.total,
        passed: graded.passed,
        pass_mark: attempt.settings.pass_mark,
        attempts_left: left,
        answers_shown: shown,
        best_score: standing.bestScore ?? graded.score,
        results: quizQuestionResults(graded, shown),
      };
    },
  };
}

export type LearnerQuizService = ReturnType<typeof learnerQuizService>;
