/** A learner's standing at one chapter quiz of the package. */
export interface QuizStanding {
  /** Attempts started (an attempt counts when it starts, as in the app). */
  used: number;
  /** Best score of a submitted attempt, null before the first. */
  best: number | null;
}

/**
 * The chapter quizzes' standings as text for `cmi.suspend_data`: per quiz its attempts and best
 * score in base 36 (`2.2s` is 2 attempts, best 100; `1.` an attempt never submitted), joined by
 * commas: at most 6 characters a quiz. Self-contained: the player ships its source text.
 */
export function encodeStandings(standings: readonly QuizStanding[]): string {
  return standings
    .map(
      ({ used, best }) =>
        `${Math.min(used, 1295).toString(36)}.${best === null ? '' : best.toString(36)}`,
    )
    .join(',');
}

/** `count` standings read from `encodeStandings`' text; junk reads as not taken. */
export function decodeStandings(data: string, count: number): QuizStanding[] {
  const parts = data.split(',');
  const standings: QuizStanding[] = [];
  for (let index = 0; index < count; index++) {
    const [usedText = '', bestText = ''] = (parts[index] ?? '').split('.');
    const used = parseInt(usedText, 36);
    const best = parseInt(bestText, 36);
    standings.push({
      used: Number.isInteger(used) && used > 0 ? used : 0,
      best: Number.isInteger(best) && best >= 0 && best <= 100 ? best : null,
    });
  }
  return standings;
}

/**
 * What the package reports to the LMS for a course with chapter quizzes: the score is the mean of
 * the quizzes' best scores, a quiz not taken counting 0, rounded down like a quiz's score (so a
 * shown score below the pass mark never passes); the status is incomplete until every quiz had a
 * submitted attempt, then passed or failed against the pass mark. Self-contained.
 */
export function courseResult(
  standings: readonly QuizStanding[],
  passMark: number,
): { score: number; status: 'incomplete' | 'passed' | 'failed' } {
  const total = standings.reduce((sum, standing) => sum + (standing.best ?? 0), 0);
  const score = standings.length === 0 ? 0 : Math.floor(total / standings.length);
  if (standings.some((standing) => standing.best === null)) return { score, status: 'incomplete' };
  return { score, status: score >= passMark ? 'passed' : 'failed' };
}
