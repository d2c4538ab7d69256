import * as z from 'zod';
import { instructionsSchema } from './instructions';
import { foldedText, numericValue } from './question-grading';

/** Most questions one topic may hold, topic checks and quiz-only ones together. */
export const QUESTIONS_PER_TOPIC_MAX = 20;
/** How many questions one Generate Questions asks Gemini for. */
export const QUESTIONS_PER_GENERATION = 5;
export const QUESTION_TEXT_MAX_LENGTH = 2000;
export const QUESTION_EXPLANATION_MAX_LENGTH = 2000;
export const QUESTION_OPTION_MAX_LENGTH = 500;
export const QUESTION_FEEDBACK_MAX_LENGTH = 500;
export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 8;
export const ACCEPTED_ANSWERS_MAX = 10;
export const ACCEPTED_ANSWER_MAX_LENGTH = 200;
/** Longest short answer a learner may send. */
export const SHORT_ANSWER_MAX_LENGTH = 200;
/** Largest numeric tolerance an author may set. */
export const TOLERANCE_MAX = 1e9;

export const QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'short_answer',
  'ordering',
] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** How authors and learners see each type's name. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True or false',
  short_answer: 'Short answer',
  ordering: 'Order the steps',
};

/**
 * Written by Gemini (`generated`) or by the author (`author`); editing a generated question by
 * hand makes it the author's, so a regeneration keeps it.
 */
export const questionOriginSchema = z.enum(['generated', 'author']);
export type QuestionOrigin = z.infer<typeof questionOriginSchema>;

/** The id of a question, an option or an ordering item: random, never its place or its key. */
export const questionPartIdSchema = z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'Not an id');

const markdownText = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max, `Must be at most ${max} characters`);

const questionText = markdownText(QUESTION_TEXT_MAX_LENGTH, 'Question text is required');
const explanation = z
  .string()
  .trim()
  .max(
    QUESTION_EXPLANATION_MAX_LENGTH,
    `Must be at most ${QUESTION_EXPLANATION_MAX_LENGTH} characters`,
  );
const feedback = z
  .string()
  .trim()
  .max(QUESTION_FEEDBACK_MAX_LENGTH, `Must be at most ${QUESTION_FEEDBACK_MAX_LENGTH} characters`);
const optionText = markdownText(QUESTION_OPTION_MAX_LENGTH, 'Option text is required');

/** One option of a single or multiple choice question (markdown, math allowed). */
export const choiceOptionSchema = z.strictObject({
  id: questionPartIdSchema,
  text: optionText,
  correct: z.boolean(),
  /** Shown to a learner who picked this option; '' for none. */
  feedback,
});
export type ChoiceOption = z.infer<typeof choiceOptionSchema>;

/** One step of an ordering question; the question lists its items in the right order. */
export const orderingItemSchema = z.strictObject({ id: questionPartIdSchema, text: optionText });
export type OrderingItem = z.infer<typeof orderingItemSchema>;

const acceptedAnswer = z
  .string()
  .trim()
  .min(1, 'An accepted answer cannot be empty')
  .max(ACCEPTED_ANSWER_MAX_LENGTH, `Must be at most ${ACCEPTED_ANSWER_MAX_LENGTH} characters`);

const options = z.array(choiceOptionSchema).min(QUESTION_OPTIONS_MIN).max(QUESTION_OPTIONS_MAX);

/** What every type has. */
const questionBase = {
  text: questionText,
  explanation,
  /** Kept for the chapter quiz, never shown in topic checks. */
  quiz_only: z.boolean(),
};

/**
 * The key and the parts of each type. A short answer's `tolerance` makes it numeric: null
 * compares text (normalised), a number (>= 0) compares each numeric accepted answer within it.
 */
const questionBodySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('single_choice'), ...questionBase, options }),
  z.strictObject({ type: z.literal('multiple_choice'), ...questionBase, options }),
  z.strictObject({ type: z.literal('true_false'), ...questionBase, answer: z.boolean() }),
  z.strictObject({
    type: z.literal('short_answer'),
    ...questionBase,
    accepted_answers: z.array(acceptedAnswer).min(1).max(ACCEPTED_ANSWERS_MAX),
    tolerance: z.number().min(0).max(TOLERANCE_MAX).nullable(),
  }),
  z.strictObject({
    type: z.literal('ordering'),
    ...questionBase,
    items: z.array(orderingItemSchema).min(QUESTION_OPTIONS_MIN).max(QUESTION_OPTIONS_MAX),
  }),
]);
export type QuestionBody = z.infer<typeof questionBodySchema>;

/** Why a question cannot be answered right, as messages an author can act on; [] when sound. */
export function questionProblems(question: QuestionBody): string[] {
  const problems: string[] = [];
  const repeated = (texts: string[]) => new Set(texts.map(foldedText)).size !== texts.length;
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const correct = question.options.filter((option) => option.correct).length;
      if (question.type === 'single_choice' && correct !== 1) {
        problems.push(QUESTION_MESSAGES.singleNeedsOne);
      }
      if (question.type === 'multiple_choice' && correct < 1) {
        problems.push(QUESTION_MESSAGES.multipleNeedsOne);
      }
      if (repeated(question.options.map((option) => option.text))) {
        problems.push(QUESTION_MESSAGES.duplicateOptions);
      }
      break;
    }
    case 'short_answer':
      if (repeated(question.accepted_answers)) problems.push(QUESTION_MESSAGES.duplicateAnswers);
      if (
        question.tolerance !== null &&
        !question.accepted_answers.some((answer) => numericValue(answer) !== null)
      ) {
        problems.push(QUESTION_MESSAGES.toleranceNeedsNumber);
      }
      break;
    case 'ordering':
      if (repeated(question.items.map((item) => item.text))) {
        problems.push(QUESTION_MESSAGES.duplicateItems);
      }
      break;
    case 'true_false':
      break;
  }
  const ids = [
    ...('options' in question ? question.options.map((option) => option.id) : []),
    ...('items' in question ? question.items.map((item) => item.id) : []),
  ];
  if (new Set(ids).size !== ids.length) problems.push(QUESTION_MESSAGES.duplicateIds);
  return problems;
}

/** A body that is well formed and answerable (`questionProblems` finds nothing). */
export const soundQuestionBodySchema = questionBodySchema.superRefine((question, ctx) => {
  for (const message of questionProblems(question)) ctx.addIssue({ code: 'custom', message });
});

/**
 * `POST .../topics/{t}/questions` and `PUT .../topics/{t}/questions/{q}`: the whole question.
 * Option and item ids are the client's (the dialog makes random ones); an update replaces the
 * question and makes it the author's.
 */
export const questionInputSchema = soundQuestionBodySchema;
export type QuestionInput = QuestionBody;

/** A stored question as its author sees it: the key included. */
export const questionSchema = z.intersection(
  questionBodySchema,
  z.object({ id: questionPartIdSchema, origin: questionOriginSchema }),
);
export type Question = QuestionBody & { id: string; origin: QuestionOrigin };

/** `GET .../topics/{t}/questions`, and the answer of order and generate: in the topic's order. */
export const topicQuestionsSchema = z.object({ questions: z.array(questionSchema) });
export type TopicQuestions = { questions: Question[] };

/**
 * `POST .../topics/{t}/generate_questions`. `add` (the default) adds up to
 * QUESTIONS_PER_GENERATION new questions after the existing ones, never past
 * QUESTIONS_PER_TOPIC_MAX; `replace` deletes the generated questions first (questions written or
 * edited by hand stay) and follows the instructions when given.
 */
export const generateQuestionsInputSchema = z.strictObject({
  mode: z.enum(['add', 'replace']).optional(),
  instructions: instructionsSchema.optional(),
});
export type GenerateQuestionsInput = z.infer<typeof generateQuestionsInputSchema>;

/** The answer of a generation: the topic's questions now, and what the author is told. */
export const questionGenerationResultSchema = z.object({
  questions: z.array(questionSchema),
  added: z.number().int().nonnegative(),
  discarded: z.number().int().nonnegative(),
  message: z.string(),
});
export type QuestionGenerationResult = {
  questions: Question[];
  added: number;
  discarded: number;
  message: string;
};

/** The message of a generation that kept `added` questions and dropped `discarded`. */
export function generatedQuestionsMessage(added: number, discarded: number): string {
  if (added === 0) return QUESTION_MESSAGES.noneValid;
  const kept = `Generated ${added} ${added === 1 ? 'question' : 'questions'}`;
  return discarded === 0 ? `${kept}.` : `${kept} (${discarded} discarded as invalid).`;
}

// ---- Learners ----

/** An option or item as learners get it: rendered HTML (sanitised, math typeset), no key. */
export const learnerChoiceSchema = z.object({ id: z.string(), html: z.string() });
export type LearnerChoice = z.infer<typeof learnerChoiceSchema>;

/**
 * A topic-check question as a learner gets it: never its key. A true-or-false question has the
 * options `true` and `false`; an ordering question's items come in a shuffled order that is
 * never the right one; a short answer has neither.
 */
export const learnerQuestionSchema = z.object({
  id: z.string(),
  type: questionTypeSchema,
  html: z.string(),
  options: z.array(learnerChoiceSchema).optional(),
  items: z.array(learnerChoiceSchema).optional(),
});
export type LearnerQuestion = z.infer<typeof learnerQuestionSchema>;

/** `GET /api/learn/{slug}/topics/{t}/questions[?v=]`: the topic's checks (no quiz-only ones). */
export const learnerQuestionsSchema = z.object({
  topic_id: z.string(),
  version: z.number().int(),
  questions: z.array(learnerQuestionSchema),
});
export type LearnerQuestions = z.infer<typeof learnerQuestionsSchema>;

/** What a learner answered, by the question's type. */
export const learnerResponseSchema = z.union([
  z.strictObject({ option_ids: z.array(questionPartIdSchema).min(1).max(QUESTION_OPTIONS_MAX) }),
  z.strictObject({ value: z.boolean() }),
  z.strictObject({ text: z.string().max(SHORT_ANSWER_MAX_LENGTH) }),
  z.strictObject({
    item_ids: z.array(questionPartIdSchema).min(QUESTION_OPTIONS_MIN).max(QUESTION_OPTIONS_MAX),
  }),
]);
export type LearnerResponse = z.infer<typeof learnerResponseSchema>;

/**
 * `POST /api/learn/{slug}/topics/{t}/answers`: one or more answers to the topic's questions of
 * the snapshot `version` (the live one when absent). Each carries a `response`, or `show: true`
 * to ask for the right answer (Show answer), or both.
 */
export const learnerAnswersInputSchema = z.strictObject({
  version: z.number().int().min(1).max(999_999_999).optional(),
  answers: z
    .array(
      z
        .strictObject({
          question_id: questionPartIdSchema,
          response: learnerResponseSchema.optional(),
          show: z.boolean().optional(),
        })
        .refine((answer) => answer.response !== undefined || answer.show === true, {
          message: 'An answer needs a response or show',
        }),
    )
    .min(1)
    .max(QUESTIONS_PER_TOPIC_MAX),
});
export type LearnerAnswersInput = z.infer<typeof learnerAnswersInputSchema>;

/** The right answer, in the shape of the response that gives it. */
export const revealedAnswerSchema = z.union([
  z.object({ option_ids: z.array(z.string()) }),
  z.object({ value: z.boolean() }),
  z.object({ texts: z.array(z.string()) }),
  z.object({ item_ids: z.array(z.string()) }),
]);
export type RevealedAnswer = z.infer<typeof revealedAnswerSchema>;

/**
 * One graded answer. `correct` is null for a bare Show answer. `answer` is the right answer only
 * after a correct response or a `show` request, else null. `feedback_html` holds the feedback
 * lines of the options the learner picked (choice types; [] otherwise).
 */
export const answerResultSchema = z.object({
  question_id: z.string(),
  correct: z.boolean().nullable(),
  explanation_html: z.string(),
  feedback_html: z.array(z.string()),
  answer: revealedAnswerSchema.nullable(),
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

export const learnerAnswersResultSchema = z.object({ results: z.array(answerResultSchema) });
export type LearnerAnswersResult = z.infer<typeof learnerAnswersResultSchema>;

/** Every text of the questions' screens, for authors and learners. */
export const QUESTION_MESSAGES = {
  // Authors
  section: 'Questions',
  generate: 'Generate Questions',
  add: 'Add Question',
  edit: 'Edit',
  delete: 'Delete',
  reorder: (question: string) => `Reorder ${question}`,
  regenerate: 'Regenerate with instructions',
  regenerateConfirm:
    'Regenerate the generated questions? They are replaced; questions written or edited by hand stay.',
  quizOnly: 'Quiz only',
  explanation: 'Explanation',
  includeQuestions: 'Include questions',
  noneValid: 'No valid questions were generated. Please try again.',
  atLimit: `A topic can have at most ${QUESTIONS_PER_TOPIC_MAX} questions.`,
  noLesson: 'Write or generate the lesson before generating questions.',
  notFound: 'Question not found',
  // Validation
  singleNeedsOne: 'A single choice question needs exactly one correct option.',
  multipleNeedsOne: 'A multiple choice question needs at least one correct option.',
  duplicateOptions: 'Two options have the same text.',
  duplicateItems: 'Two steps have the same text.',
  duplicateAnswers: 'Two accepted answers are the same.',
  duplicateIds: 'Two options or steps have the same id.',
  toleranceNeedsNumber: 'A numeric tolerance needs at least one numeric accepted answer.',
  // Learners
  checks: 'Check your understanding',
  check: 'Check answer',
  correct: 'Correct',
  notQuite: 'Not quite',
  tryAgain: 'Try again',
  showAnswer: 'Show answer',
  noScript: 'Turn on JavaScript to check your answers.',
  yourAnswer: 'Your answer',
  unknownQuestion: 'This question is not in this course any more. Reload the page.',
} as const;
