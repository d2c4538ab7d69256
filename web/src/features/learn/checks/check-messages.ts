/**
 * Texts of the checking script. The issue's own texts are copies of `QUESTION_MESSAGES` (a test
 * keeps them equal): importing the contract would bring zod into the chunk.
 */
export const CHECK_TEXT = {
  correct: 'Correct',
  notQuite: 'Not quite',
  tryAgain: 'Try again',
  showAnswer: 'Show answer',
  rightAnswer: 'Right answer',
  acceptedAnswers: 'Accepted answers',
  inOrder: 'The steps are now in the right order.',
  chooseFirst: 'Choose an answer first.',
  typeFirst: 'Type your answer first.',
  moveUp: (item: string) => `Move ${item} up`,
  moveDown: (item: string) => `Move ${item} down`,
  moved: (item: string, position: number, total: number) =>
    `Moved ${item} to position ${position} of ${total}.`,
} as const;
