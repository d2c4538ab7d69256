/**
 * Texts of the quiz script (the course page's quiz results are in LEARN_TEXT). The issue's own texts are
 * copies of `QUIZ_MESSAGES` (a test keeps them equal): importing the contract would bring zod
 * into the learner pages' script.
 */
export const QUIZ_TEXT = {
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
  yourAnswer: 'Your answer',
  unanswered: 'Not answered',
  rightAnswer: 'Right answer',
  // The script's own texts.
  cancel: 'Back to the quiz',
  result: 'Your result',
  review: 'Review',
  correct: 'Correct',
  wrong: 'Not correct',
  tryAgain: 'Try again',
  startFailed: 'Could not start the quiz. Please try again.',
  submitFailed: 'Could not submit the quiz. Please try again.',
  network: 'Network error. Please check your connection and try again.',
} as const;
