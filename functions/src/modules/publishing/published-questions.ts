import {
  questionSchema,
  type LearnerChoice,
  type LearnerQuestion,
  type Question,
} from '@coursecraft/contracts';
import { renderLessonHtml } from '@coursecraft/markdown';
import * as z from 'zod';

/** A question's markdown rendered as learners see it (sanitised, math typeset). */
export const questionHtmlSchema = z.object({
  text: z.string(),
  explanation: z.string(),
  /** Option id → its text and feedback; {} for the other types. */
  options: z.record(z.string(), z.object({ text: z.string(), feedback: z.string() })),
  /** Item id → its text; {} for the other types. */
  items: z.record(z.string(), z.string()),
});
export type QuestionHtml = z.infer<typeof questionHtmlSchema>;

/** One question of a snapshot: its key (server only) and its rendered HTML. */
export const publishedQuestionSchema = z.object({
  question: questionSchema,
  html: questionHtmlSchema,
});
export interface PublishedQuestion {
  question: Question;
  html: QuestionHtml;
}

/** A one-paragraph rendering without its `<p>`, so it fits in a label; anything else as is. */
function inline(html: string): string {
  const trimmed = html.trim();
  const inner = /^<p>([\s\S]*)<\/p>$/.exec(trimmed)?.[1];
  return inner !== undefined && !inner.includes('<p>') ? inner : trimmed;
}

/** Each part gets its own id prefix: a page shows a lesson and several questions at once. */
const render = (markdown: string, idPrefix: string) => renderLessonHtml(markdown, { idPrefix });
const renderInline = async (markdown: string, idPrefix: string) =>
  inline(await renderLessonHtml(markdown, { idPrefix }));

/** A question with its HTML rendered by the lessons' renderer. */
export async function publishQuestion(question: Question): Promise<PublishedQuestion> {
  const prefix = `question-${question.id}`;
  const [text, explanation] = await Promise.all([
    render(question.text, prefix),
    question.explanation === '' ? '' : render(question.explanation, `${prefix}-explanation`),
  ]);
  const options: QuestionHtml['options'] = {};
  const items: QuestionHtml['items'] = {};
  if (question.type === 'single_choice' || question.type === 'multiple_choice') {
    for (const option of question.options) {
      options[option.id] = {
        text: await renderInline(option.text, `${prefix}-${option.id}`),
        feedback:
          option.feedback === ''
            ? ''
            : await render(option.feedback, `${prefix}-${option.id}-feedback`),
      };
    }
  }
  if (question.type === 'ordering') {
    for (const item of question.items) {
      items[item.id] = await renderInline(item.text, `${prefix}-${item.id}`);
    }
  }
  return { question, html: { text, explanation, options, items } };
}

/** A small deterministic generator (mulberry32) seeded by a string's FNV-1a hash. */
function randomFrom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) {
    state = Math.imul(state ^ seed.charCodeAt(index), 0x01000193) >>> 0;
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The items in an order drawn from the question's id (the same on every page view, so the
 * page and `GET .../questions` agree), never the right one: a draw that is moves the first item
 * last.
 */
export function shuffledItems<T>(questionId: string, items: T[]): T[] {
  const random = randomFrom(questionId);
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as T, shuffled[index] as T];
  }
  const unchanged = shuffled.every((item, index) => item === items[index]);
  return unchanged && shuffled.length > 1
    ? [...shuffled.slice(1), ...shuffled.slice(0, 1)]
    : shuffled;
}

const TRUE_FALSE: LearnerChoice[] = [
  { id: 'true', html: 'True' },
  { id: 'false', html: 'False' },
];

/** A topic check as learners get it: rendered, no key; null for a quiz-only question. */
export const learnerQuestion = (entry: PublishedQuestion): LearnerQuestion | null =>
  entry.question.quiz_only ? null : learnerView(entry);

/** Any question as learners get it (options in the stored order): rendered, no key. */
export function learnerView({ question, html }: PublishedQuestion): LearnerQuestion {
  const base = { id: question.id, type: question.type, html: html.text };
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...base,
        options: question.options.map((option) => ({
          id: option.id,
          html: html.options[option.id]?.text ?? '',
        })),
      };
    case 'true_false':
      return { ...base, options: TRUE_FALSE };
    case 'short_answer':
      return base;
    case 'ordering':
      return {
        ...base,
        items: shuffledItems(question.id, question.items).map((item) => ({
          id: item.id,
          html: html.items[item.id] ?? '',
        })),
      };
  }
}

/** The topic checks of a topic's published questions, in the author's order. */
export const learnerQuestions = (published: PublishedQuestion[]): LearnerQuestion[] =>
  published.flatMap((entry) => learnerQuestion(entry) ?? []);
