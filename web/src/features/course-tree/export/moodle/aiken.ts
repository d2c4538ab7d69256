import type { CourseExportTree, Question } from '@coursecraft/contracts';
import { moodleMath, topicsWithQuestions } from './moodle-text';

/** Aiken is one line per question and per option: line breaks become spaces. */
const aikenText = (markdown: string): string =>
  moodleMath(markdown, (plain) => plain)
    .replace(/\s+/g, ' ')
    .trim();

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function aikenQuestion(question: Question): string | null {
  const options =
    question.type === 'single_choice'
      ? question.options.map((option) => ({
          text: aikenText(option.text),
          correct: option.correct,
        }))
      : question.type === 'true_false'
        ? [
            { text: 'True', correct: question.answer },
            { text: 'False', correct: !question.answer },
          ]
        : null;
  const answer = options?.findIndex((option) => option.correct) ?? -1;
  if (options === null || answer === -1) return null;
  return [
    aikenText(question.text),
    ...options.map((option, index) => `${LETTERS[index]}. ${option.text}`),
    `ANSWER: ${LETTERS[answer]}`,
  ].join('\n');
}

/**
 * The course's single-choice and true-or-false questions (a two-option question) as an Aiken
 * file, in outline order; `leftOut` counts the questions Aiken cannot hold.
 */
export function buildAiken(tree: CourseExportTree): {
  text: string;
  count: number;
  leftOut: number;
} {
  const blocks: string[] = [];
  let leftOut = 0;
  for (const { questions } of topicsWithQuestions(tree)) {
    for (const question of questions) {
      const written = aikenQuestion(question);
      if (written === null) leftOut += 1;
      else blocks.push(written);
    }
  }
  return {
    text: blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`,
    count: blocks.length,
    leftOut,
  };
}
