import {
  numericValue,
  type ChoiceOption,
  type CourseExportTree,
  type Question,
} from '@coursecraft/contracts';
import { decimal, moodleMath, topicsWithQuestions } from './moodle-text';

/** GIFT's special characters and the backslash, escaped; line breaks as `\n` (a blank line ends a question). */
export const giftEscape = (text: string): string =>
  text.replace(/[\\~=#{}:]/g, (char) => `\\${char}`).replace(/\r\n?|\n/g, '\\n');

const giftText = (markdown: string): string => moodleMath(markdown.trim(), giftEscape);

/** A Moodle category path part: `/` separates levels, so a slash in a name is doubled. */
const categoryPart = (name: string): string =>
  name.replace(/\s+/g, ' ').trim().replace(/\//g, '//');

/** Moodle's grade percentages, to five decimals as its own lists write them (33.33333). */
const percent = (value: number): string => decimal(Math.round(value * 1e5) / 1e5);

const feedback = (text: string): string => (text.trim() === '' ? '' : `#${giftText(text)}`);

function choices(options: ChoiceOption[], weighted: boolean): string[] {
  const right = options.filter((option) => option.correct).length;
  const wrong = options.length - right;
  return options.map((option) => {
    const mark = weighted
      ? `~%${percent(option.correct ? 100 / right : -100 / wrong)}%`
      : option.correct
        ? '='
        : '~';
    return `${mark}${giftText(option.text)}${feedback(option.feedback)}`;
  });
}

/** The answer lines between the braces; null when the question cannot be written in GIFT. */
function answers(question: Question): string[] | null {
  switch (question.type) {
    case 'single_choice':
      return choices(question.options, false);
    case 'multiple_choice':
      return choices(question.options, true);
    case 'true_false':
      return [question.answer ? 'TRUE' : 'FALSE'];
    case 'short_answer': {
      if (question.tolerance === null) {
        return question.accepted_answers.map((answer) => `=${giftEscape(answer.trim())}`);
      }
      const tolerance = decimal(question.tolerance);
      const values = question.accepted_answers
        .map(numericValue)
        .filter((value): value is number => value !== null);
      if (values.length === 0) return null;
      return [`#`, ...values.map((value) => `=${decimal(value)}:${tolerance}`)];
    }
    case 'ordering':
      // `->` separates a pair in GIFT and cannot be escaped, so a step's own arrow is drawn as →.
      return question.items.map(
        (item, index) => `=${giftText(item.text.replace(/->/g, '→'))} -> ${index + 1}`,
      );
  }
}

function giftQuestion(question: Question, title: string): string | null {
  const lines = answers(question);
  if (lines === null) return null;
  const [first, ...rest] = lines;
  const body = first === '#' ? [`#${rest.join(' ')}`] : lines;
  const general =
    question.explanation.trim() === '' ? [] : [`####${giftText(question.explanation)}`];
  return [`::${giftEscape(title)}::${giftText(question.text)} {`, ...body, ...general, '}'].join(
    '\n',
  );
}

/**
 * The course's questions as a GIFT file for Moodle's question bank: one category per topic
 * (course/subject/chapter/topic) and every question of the topic, quiz-only ones included,
 * titled after the topic and its place in it. Single choice, multiple choice (right options
 * share 100%, wrong ones share −100%), true or false, short answer (every accepted answer),
 * numeric within its tolerance (its numeric accepted answers), and Order the steps as a
 * matching question (step → position). The explanation is the general feedback, an option's
 * feedback goes with the option.
 */
export function buildGift(tree: CourseExportTree): { text: string; count: number } {
  const blocks: string[] = [];
  let count = 0;
  for (const { path, questions } of topicsWithQuestions(tree)) {
    blocks.push(`$CATEGORY: ${path.map(categoryPart).join('/')}`);
    questions.forEach((question, index) => {
      const written = giftQuestion(question, `${path[3]} ${index + 1}`);
      if (written !== null) {
        blocks.push(written);
        count += 1;
      }
    });
  }
  return { text: blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`, count };
}
