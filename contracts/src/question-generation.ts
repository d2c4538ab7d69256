import * as z from 'zod';
import {
  QUESTION_TYPES,
  soundQuestionBodySchema,
  type QuestionBody,
  type QuestionType,
} from './questions';

/**
 * One question as Gemini writes it: every type's fields in one flat object (those of other
 * types empty), options and steps as plain strings, the key as positions. Ids are never
 * Gemini's: the conversion gives every part a random one.
 */
export const generatedQuestionSchema = z.object({
  type: z.enum(QUESTION_TYPES),
  text: z.string().describe('The question, in markdown; math as $...$.'),
  explanation: z
    .string()
    .describe('Why the right answer is right, shown to the learner after answering.'),
  options: z
    .array(z.string())
    .describe('single_choice and multiple_choice: 2 to 8 distinct choices; [] otherwise.'),
  correct_options: z
    .array(z.number().int().nonnegative())
    .describe(
      'single_choice: the 0-based position in options of the one right choice; multiple_choice: the positions of every right choice; [] otherwise.',
    ),
  option_feedback: z
    .array(z.string())
    .describe('One line per option, in the same order, for a learner who picked it; or [].'),
  answer: z
    .boolean()
    .nullable()
    .describe('true_false: whether the statement is true; null otherwise.'),
  accepted_answers: z
    .array(z.string())
    .describe('short_answer: 1 to 10 short answers that count as right; [] otherwise.'),
  tolerance: z
    .number()
    .nullable()
    .describe(
      'short_answer with a numeric answer: the absolute tolerance (0 for exact); null otherwise.',
    ),
  items: z
    .array(z.string())
    .describe('ordering: 2 to 8 distinct steps in the right order; [] otherwise.'),
});
export type GeneratedQuestion = z.infer<typeof generatedQuestionSchema>;

const generatedQuestionJsonSchema: Record<string, unknown> = {
  ...z.toJSONSchema(generatedQuestionSchema, { io: 'output' }),
};
delete generatedQuestionJsonSchema.$schema;

/**
 * Gemini's whole answer for `count` questions. Gemini is shown each question's full schema, but
 * a question is parsed here as anything: each is checked on its own (`convertGeneratedQuestion`),
 * so one bad question fails alone, not the answer.
 */
export const generatedQuestionsSchema = (count: number) =>
  z.object({
    questions: z
      .array(z.unknown().meta(generatedQuestionJsonSchema))
      .meta({ minItems: count, maxItems: count }),
  });

/** What the conversion tells Gemini, on the second ask, of a question it could not use. */
export const GENERATED_QUESTION_PROBLEMS = {
  keyNamesNoOption: 'A correct option position names no option.',
  trueFalseNeedsAnswer: 'A true or false question needs its answer (true or false).',
} as const;

const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set(['single_choice', 'multiple_choice']);

/** What a zod failure says, each issue with the path of the field it concerns. */
const issueMessages = (error: z.ZodError): string[] =>
  error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );

function bodyOf(generated: GeneratedQuestion, newId: () => string): unknown {
  const base = { text: generated.text, explanation: generated.explanation, quiz_only: false };
  switch (generated.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const correct = new Set(generated.correct_options);
      return {
        type: generated.type,
        ...base,
        options: generated.options.map((text, index) => ({
          id: newId(),
          text,
          correct: correct.has(index),
          feedback: generated.option_feedback[index] ?? '',
        })),
      };
    }
    case 'true_false':
      return { type: generated.type, ...base, answer: generated.answer };
    case 'short_answer':
      return {
        type: generated.type,
        ...base,
        accepted_answers: generated.accepted_answers,
        tolerance: generated.tolerance,
      };
    case 'ordering':
      return {
        type: generated.type,
        ...base,
        items: generated.items.map((text) => ({ id: newId(), text })),
      };
  }
}

/** A question Gemini wrote, as a body ready to store, or why it cannot be used. */
export type ConvertedQuestion = { body: QuestionBody } | { problems: string[] };

/**
 * Checks one question of Gemini's answer and converts it, with part ids from `newId`: its shape,
 * its key (every correct position names an option), the limits of a question, and
 * `questionProblems` (one right option for a single choice, at least one for a multiple choice,
 * no duplicate options or steps).
 */
export function convertGeneratedQuestion(answer: unknown, newId: () => string): ConvertedQuestion {
  const shape = generatedQuestionSchema.safeParse(answer);
  if (!shape.success) return { problems: issueMessages(shape.error) };
  const generated = shape.data;
  const problems: string[] = [];
  if (
    CHOICE_TYPES.has(generated.type) &&
    generated.correct_options.some((index) => index >= generated.options.length)
  ) {
    problems.push(GENERATED_QUESTION_PROBLEMS.keyNamesNoOption);
  }
  if (generated.type === 'true_false' && generated.answer === null) {
    return { problems: [GENERATED_QUESTION_PROBLEMS.trueFalseNeedsAnswer] };
  }
  const body = soundQuestionBodySchema.safeParse(bodyOf(generated, newId));
  if (!body.success) problems.push(...issueMessages(body.error));
  if (problems.length > 0 || !body.success) return { problems };
  return { body: body.data };
}
