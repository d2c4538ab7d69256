import * as z from 'zod';
import {
  learnerQuestionSchema,
  learnerResponseSchema,
  questionPartIdSchema,
  revealedAnswerSchema,
} from './questions';

/** Most questions one attempt draws: a chapter's pool beyond it is drawn from, never all sent. */
export const QUIZ_QUESTIONS_MAX = 100;
export const QUIZ_ATTEMPTS_MAX = 10;
export const QUIZ_PASS_MARK_DEFAULT = 70;
/** Rows of the analytics' Most missed questions table. */
export const MOST_MISSED_QUESTIONS = 10;

export const SHOW_ANSWERS_AFTER = ['each_attempt', 'passed_or_last', 'never'] as const;
export const showAnswersAfterSchema = z.enum(SHOW_ANSWERS_AFTER);
export type ShowAnswersAfter = z.infer<typeof showAnswersAfterSchema>;

export const SHOW_ANSWERS_AFTER_LABELS: Record<ShowAnswersAfter, string> = {
  each_attempt: 'Each attempt',
  passed_or_last: 'Passing or the last attempt',
  never: 'Never',
};

export const QUIZ_MESSAGES = {
  // Authors
  chapterQuiz: 'Chapter quiz',
  questionsPerAttempt: 'Questions per attempt',
  allQuestions: 'All questions',
  randomQuestions: 'A random number of them',
  questionCount: 'Number of questions',
  passMark: 'Pass mark (%)',
  attempts: 'Attempts',
  unlimited: 'Unlimited',
  shuffle: 'Shuffle questions and options',
  showAnswersAfter: 'Show answers after',
  saveSettings: 'Save quiz settings',
  saved: 'Quiz settings saved',
  poolSize: (count: number) =>
    `${count} question${count === 1 ? '' : 's'} in this chapter's topics, quiz-only ones included.`,
  noQuestions: "Add questions to this chapter's topics to give it a quiz.",
  requireQuizPass: 'Require passing each chapter quiz to complete the course',
  // Validation
  passMarkRange: 'Pass mark must be between 1 and 100',
  attemptsRange: `Attempts must be between 1 and ${QUIZ_ATTEMPTS_MAX}`,
  questionsRange: `Questions per attempt must be between 1 and ${QUIZ_QUESTIONS_MAX}`,
  // Learners
  startQuiz: 'Start quiz',
  questionOf: (n: number, m: number) => `Question ${n} of ${m}`,
  previousQuestion: 'Previous question',
  nextQuestion: 'Next question',
  submitQuiz: 'Submit quiz',
  unansweredConfirm: (count: number) =>
    count === 1
      ? '1 question is unanswered. Submit anyway?'
      : `${count} questions are unanswered. Submit anyway?`,
  scored: (score: number, correct: number, total: number) =>
    `You scored ${score}% (${correct} of ${total}).`,
  passed: 'Passed.',
  notPassed: (passMark: number) => `Not passed. The pass mark is ${passMark}%.`,
  attemptsLeft: (count: number) => `Attempts left: ${count}`,
  noAttemptsLeft: 'No attempts left.',
  alreadySubmitted: 'This attempt was already submitted.',
  unknownAttempt: 'This attempt is not yours or no longer exists. Start the quiz again.',
  answerNotInAttempt: 'An answer names a question that is not in this attempt.',
  courseQuizResult: (score: number, passed: boolean) =>
    `Quiz: ${score}% · ${passed ? 'Passed' : 'Not passed'}`,
  notTaken: 'Quiz: not taken yet',
  courseCompleted: 'Course completed',
  noScript: 'Turn on JavaScript to take this quiz.',
  yourAnswer: 'Your answer',
  unanswered: 'Not answered',
  rightAnswer: 'Right answer',
  // Analytics
  analyticsQuizzes: 'Chapter quizzes',
  analyticsQuestions: 'Questions',
  mostMissed: 'Most missed questions',
  analyticsAttempts: 'Attempts',
  averageBestScore: 'Average best score',
  passRate: 'Pass rate',
  correctFirstTry: 'Correct at first try',
  firstAnswers: 'Learners who answered',
} as const;

/**
 * A chapter's quiz settings. `questions_per_attempt` null is every question of the chapter's
 * topics (quiz-only ones included, at most QUIZ_QUESTIONS_MAX); `attempts` null is unlimited.
 */
export const chapterQuizSettingsSchema = z.strictObject({
  questions_per_attempt: z
    .number({ error: QUIZ_MESSAGES.questionsRange })
    .int(QUIZ_MESSAGES.questionsRange)
    .min(1, QUIZ_MESSAGES.questionsRange)
    .max(QUIZ_QUESTIONS_MAX, QUIZ_MESSAGES.questionsRange)
    .nullable(),
  pass_mark: z
    .number({ error: QUIZ_MESSAGES.passMarkRange })
    .int(QUIZ_MESSAGES.passMarkRange)
    .min(1, QUIZ_MESSAGES.passMarkRange)
    .max(100, QUIZ_MESSAGES.passMarkRange),
  attempts: z
    .number({ error: QUIZ_MESSAGES.attemptsRange })
    .int(QUIZ_MESSAGES.attemptsRange)
    .min(1, QUIZ_MESSAGES.attemptsRange)
    .max(QUIZ_ATTEMPTS_MAX, QUIZ_MESSAGES.attemptsRange)
    .nullable(),
  shuffle: z.boolean(),
  show_answers_after: showAnswersAfterSchema,
});
export type ChapterQuizSettings = z.infer<typeof chapterQuizSettingsSchema>;

/** The settings of a chapter whose author never saved any. */
export const DEFAULT_CHAPTER_QUIZ_SETTINGS: ChapterQuizSettings = {
  questions_per_attempt: null,
  pass_mark: QUIZ_PASS_MARK_DEFAULT,
  attempts: null,
  shuffle: false,
  show_answers_after: 'passed_or_last',
};

/** Stored settings as read: each field missing or unreadable takes its default. */
export function chapterQuizSettingsOf(stored: unknown): ChapterQuizSettings {
  const fields = typeof stored === 'object' && stored !== null ? stored : {};
  const parsed = chapterQuizSettingsSchema.partial().safeParse(fields);
  const known = parsed.success ? parsed.data : {};
  return { ...DEFAULT_CHAPTER_QUIZ_SETTINGS, ...stripUndefined(known) };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}

/**
 * `GET|PUT /api/courses/{c}/subjects/{s}/chapters/{ch}/quiz`: the settings (PUT sends
 * `chapterQuizSettingsSchema` whole) and how many questions the chapter's topics hold now.
 * A chapter with no question has no quiz for learners, whatever its settings.
 */
export const chapterQuizSchema = z.object({
  settings: chapterQuizSettingsSchema,
  pool_size: z.number().int().nonnegative(),
});
export type ChapterQuiz = z.infer<typeof chapterQuizSchema>;

/**
 * What a published chapter tells learners of its quiz (null: the chapter had no question when
 * published). `question_count` is how many questions an attempt draws.
 */
export const learnerChapterQuizSchema = z.object({
  question_count: z.number().int().positive(),
  pass_mark: z.number().int(),
  attempts: z.number().int().nullable(),
  shuffle: z.boolean(),
  show_answers_after: showAnswersAfterSchema,
});
export type LearnerChapterQuiz = z.infer<typeof learnerChapterQuizSchema>;

/**
 * `POST /api/learn/{slug}/chapters/{ch}/attempts` (201 a new attempt, 200 the open one): the
 * attempt's drawn questions in its order (options in its order too), without keys.
 * `attempts_left` counts after this attempt; null when unlimited.
 */
export const quizAttemptSchema = z.object({
  attempt_id: z.string(),
  chapter_id: z.string(),
  /** 1 for the learner's first attempt at this chapter's quiz. */
  number: z.number().int().positive(),
  questions: z.array(learnerQuestionSchema),
  pass_mark: z.number().int(),
  attempts_left: z.number().int().nonnegative().nullable(),
  started_at: z.string(),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

/**
 * `POST /api/learn/{slug}/chapters/{ch}/attempts/{a}/submit`: the answered questions of the
 * attempt (an unanswered one is left out and scores 0).
 */
export const quizSubmissionSchema = z.strictObject({
  answers: z
    .array(z.strictObject({ question_id: questionPartIdSchema, response: learnerResponseSchema }))
    .max(QUIZ_QUESTIONS_MAX),
});
export type QuizSubmission = z.infer<typeof quizSubmissionSchema>;

/**
 * One question of a submitted attempt. `explanation_html`, `feedback_html` and `answer` are
 * given only when the quiz's Show answers after allows it for this attempt (else null, [] and
 * null); `response` is what the learner sent (null when unanswered).
 */
export const quizQuestionResultSchema = z.object({
  question_id: z.string(),
  correct: z.boolean(),
  response: learnerResponseSchema.nullable(),
  explanation_html: z.string().nullable(),
  feedback_html: z.array(z.string()),
  answer: revealedAnswerSchema.nullable(),
});
export type QuizQuestionResult = z.infer<typeof quizQuestionResultSchema>;

export const quizResultSchema = z.object({
  attempt_id: z.string(),
  /** Whole percent, rounded down: 2 of 3 is 66. */
  score: z.number().int().min(0).max(100),
  correct: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  passed: z.boolean(),
  pass_mark: z.number().int(),
  attempts_left: z.number().int().nonnegative().nullable(),
  /** Whether this attempt's results carry the right answers and explanations. */
  answers_shown: z.boolean(),
  /** The learner's best score at this quiz, this attempt included. */
  best_score: z.number().int().min(0).max(100),
  /** In the attempt's order. */
  results: z.array(quizQuestionResultSchema),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** A learner's standing at one chapter quiz of the live snapshot (in `GET /api/learn/{slug}/progress`). */
export const learnerQuizProgressSchema = z.object({
  chapter_id: z.string(),
  attempts_used: z.number().int().nonnegative(),
  /** null when unlimited. */
  attempts_left: z.number().int().nonnegative().nullable(),
  /** null before a first submitted attempt. */
  best_score: z.number().int().min(0).max(100).nullable(),
  passed: z.boolean(),
  /** An attempt was started and not submitted: Start quiz returns it. */
  open_attempt: z.boolean(),
});
export type LearnerQuizProgress = z.infer<typeof learnerQuizProgressSchema>;

/** Whole percent of `correct` of `total`, rounded down (0 for an empty quiz). */
export const quizScore = (correct: number, total: number): number =>
  total === 0 ? 0 : Math.floor((correct * 100) / total);

/** Passed when the exact share reaches the mark, so a shown score below the mark never passes. */
export const quizPassed = (correct: number, total: number, passMark: number): boolean =>
  total > 0 && correct * 100 >= passMark * total;

/** Whether an attempt's results show the right answers and explanations. */
export function answersShown(
  setting: ShowAnswersAfter,
  { passed, attemptsLeft }: { passed: boolean; attemptsLeft: number | null },
): boolean {
  if (setting === 'each_attempt') return true;
  if (setting === 'never') return false;
  return passed || attemptsLeft === 0;
}

/**
 * A learner completed the course when they completed every topic of the snapshot and, when the
 * course requires it, passed every chapter quiz of the snapshot.
 */
export function courseCompleted({
  topicIds,
  completedTopicIds,
  quizChapterIds,
  passedChapterIds,
  requireQuizPass,
}: {
  topicIds: readonly string[];
  completedTopicIds: ReadonlySet<string>;
  quizChapterIds: readonly string[];
  passedChapterIds: ReadonlySet<string>;
  requireQuizPass: boolean;
}): boolean {
  if (topicIds.length === 0 || !topicIds.every((id) => completedTopicIds.has(id))) return false;
  return !requireQuizPass || quizChapterIds.every((id) => passedChapterIds.has(id));
}

/** Analytics of one question of the live (or last) snapshot, in outline order. */
export const questionAnalyticsSchema = z.object({
  question_id: z.string(),
  topic_id: z.string(),
  topic_name: z.string(),
  chapter_name: z.string(),
  /** The question's text as plain text, at most 200 characters. */
  text: z.string(),
  quiz_only: z.boolean(),
  /** Learners who answered it at least once (topic check or quiz). */
  first_answers: z.number().int().nonnegative(),
  /** Of them, those whose first answer was correct. */
  first_correct: z.number().int().nonnegative(),
  /** first_correct / first_answers; null when nobody answered. */
  first_try_rate: z.number().min(0).max(1).nullable(),
});
export type QuestionAnalytics = z.infer<typeof questionAnalyticsSchema>;

/** Analytics of one chapter quiz of the live (or last) snapshot, in outline order. */
export const chapterQuizAnalyticsSchema = z.object({
  chapter_id: z.string(),
  chapter_name: z.string(),
  subject_name: z.string(),
  /** Attempts started, submitted or not. */
  attempts: z.number().int().nonnegative(),
  /** Learners with a submitted attempt. */
  learners: z.number().int().nonnegative(),
  /** Mean of those learners' best scores (percent); null when none. */
  average_best_score: z.number().min(0).max(100).nullable(),
  /** Share of those learners who passed; null when none. */
  pass_rate: z.number().min(0).max(1).nullable(),
});
export type ChapterQuizAnalytics = z.infer<typeof chapterQuizAnalyticsSchema>;

/**
 * The Most missed questions: answered ones with the lowest share correct at the first try (ties:
 * more learners first), at most `limit`.
 */
export function mostMissedQuestions(
  questions: readonly QuestionAnalytics[],
  limit = MOST_MISSED_QUESTIONS,
): QuestionAnalytics[] {
  return questions
    .filter((question) => question.first_answers > 0 && question.first_try_rate !== null)
    .sort(
      (a, b) =>
        (a.first_try_rate ?? 0) - (b.first_try_rate ?? 0) || b.first_answers - a.first_answers,
    )
    .slice(0, limit);
}
