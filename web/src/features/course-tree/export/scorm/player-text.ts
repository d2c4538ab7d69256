import { QUESTION_MESSAGES, QUIZ_MESSAGES } from '@coursecraft/contracts';

/**
 * The player's words, the app's own where it has them. Shipped in `player/player.js`: strings as
 * JSON, functions as their source text (each self-contained).
 */
export const PLAYER_TEXT = {
  checks: QUESTION_MESSAGES.checks,
  check: QUESTION_MESSAGES.check,
  correct: QUESTION_MESSAGES.correct,
  notQuite: QUESTION_MESSAGES.notQuite,
  showAnswer: QUESTION_MESSAGES.showAnswer,
  yourAnswer: QUESTION_MESSAGES.yourAnswer,
  chapterQuiz: QUIZ_MESSAGES.chapterQuiz,
  startQuiz: QUIZ_MESSAGES.startQuiz,
  submitQuiz: QUIZ_MESSAGES.submitQuiz,
  questionOf: QUIZ_MESSAGES.questionOf,
  unansweredConfirm: QUIZ_MESSAGES.unansweredConfirm,
  scored: QUIZ_MESSAGES.scored,
  passed: QUIZ_MESSAGES.passed,
  notPassed: QUIZ_MESSAGES.notPassed,
  attemptsLeft: QUIZ_MESSAGES.attemptsLeft,
  noAttemptsLeft: QUIZ_MESSAGES.noAttemptsLeft,
  courseQuizResult: QUIZ_MESSAGES.courseQuizResult,
  notTaken: QUIZ_MESSAGES.notTaken,
  unanswered: QUIZ_MESSAGES.unanswered,
  rightAnswer: QUIZ_MESSAGES.rightAnswer,
  trueLabel: 'True',
  falseLabel: 'False',
  moveUp: 'Move up',
  moveDown: 'Move down',
};
export type PlayerText = typeof PLAYER_TEXT;

/** `PLAYER_TEXT` as a JavaScript object literal. */
export function playerTextSource(text: PlayerText = PLAYER_TEXT): string {
  const entries = Object.entries(text).map(
    ([key, value]: [string, unknown]) =>
      `${JSON.stringify(key)}: ${typeof value === 'function' ? String(value) : JSON.stringify(value)}`,
  );
  return `{ ${entries.join(', ')} }`;
}
