/**
 * A learner's standing at one chapter quiz, kept in their `learner_progress` document under
 * `quizzes.{chapterId}`, so the progress answer and the analytics' scan of progress documents
 * read it with no further read.
 */
export interface QuizStanding {
  /** Attempts started (an attempt counts when it starts). */
  attempts: number;
  /** The started attempt not yet submitted; null when none. */
  openAttempt: string | null;
  /** The best submitted attempt's score (whole percent); null before the first submit. */
  bestScore: number | null;
  /** Some submitted attempt passed. */
  passed: boolean;
}

/** The stored field as written: `quizzes.{chapterId}` of a progress document. */
export interface StoredQuizStanding {
  attempts: number;
  open_attempt: string | null;
  best_score: number | null;
  passed: boolean;
}

export const storedQuizStanding = (standing: QuizStanding): StoredQuizStanding => ({
  attempts: standing.attempts,
  open_attempt: standing.openAttempt,
  best_score: standing.bestScore,
  passed: standing.passed,
});

const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;

/** One stored standing as read; anything unreadable reads as no attempt yet. */
export function quizStandingOf(stored: unknown): QuizStanding {
  const fields = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const best = fields.best_score;
  return {
    attempts: countOf(fields.attempts),
    openAttempt: typeof fields.open_attempt === 'string' ? fields.open_attempt : null,
    bestScore: typeof best === 'number' && best >= 0 && best <= 100 ? best : null,
    passed: fields.passed === true,
  };
}

/** A progress document's `quizzes` field as read: chapter id → standing. */
export function quizStandingsOf(stored: unknown): Map<string, QuizStanding> {
  if (typeof stored !== 'object' || stored === null) return new Map();
  return new Map(
    Object.entries(stored as Record<string, unknown>).map(([chapterId, standing]) => [
      chapterId,
      quizStandingOf(standing),
    ]),
  );
}

/** Attempts left at a quiz allowing `allowed` (null: unlimited, so null) after `used`. */
export const attemptsLeft = (allowed: number | null, used: number): number | null =>
  allowed === null ? null : Math.max(0, allowed - used);
