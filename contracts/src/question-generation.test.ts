import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  GENERATED_QUESTION_PROBLEMS,
  convertGeneratedQuestion,
  generatedQuestionsSchema,
  type GeneratedQuestion,
} from './question-generation';
import { QUESTION_MESSAGES, QUESTION_OPTION_MAX_LENGTH, type QuestionBody } from './questions';

const blank: GeneratedQuestion = {
  type: 'single_choice',
  text: 'What is $2 + 2$?',
  explanation: 'Two and two make four.',
  options: [],
  correct_options: [],
  option_feedback: [],
  answer: null,
  accepted_answers: [],
  tolerance: null,
  items: [],
};
const question = (fields: Partial<GeneratedQuestion>): GeneratedQuestion => ({
  ...blank,
  ...fields,
});

function counter() {
  let next = 0;
  return () => `id${(next += 1)}`;
}
const convert = (answer: unknown) => convertGeneratedQuestion(answer, counter());
const problemsOf = (answer: unknown) => {
  const converted = convert(answer);
  return 'problems' in converted ? converted.problems : [];
};
const bodyOf = (answer: unknown): QuestionBody => {
  const converted = convert(answer);
  if (!('body' in converted)) throw new Error(converted.problems.join('; '));
  return converted.body;
};

describe('convertGeneratedQuestion', () => {
  it('converts every type, with ids from the id maker and the key from the positions', () => {
    expect(
      bodyOf(
        question({
          options: ['3', '4'],
          correct_options: [1],
          option_feedback: ['One short.'],
        }),
      ),
    ).toEqual({
      type: 'single_choice',
      text: 'What is $2 + 2$?',
      explanation: 'Two and two make four.',
      quiz_only: false,
      options: [
        { id: 'id1', text: '3', correct: false, feedback: 'One short.' },
        { id: 'id2', text: '4', correct: true, feedback: '' },
      ],
    });
    expect(
      bodyOf(
        question({ type: 'multiple_choice', options: ['2', '3', '4'], correct_options: [0, 1] }),
      ),
    ).toMatchObject({
      options: [{ correct: true }, { correct: true }, { correct: false }],
    });
    expect(bodyOf(question({ type: 'true_false', answer: false }))).toMatchObject({
      type: 'true_false',
      answer: false,
    });
    expect(
      bodyOf(question({ type: 'short_answer', accepted_answers: ['4', 'four'], tolerance: 0 })),
    ).toMatchObject({ accepted_answers: ['4', 'four'], tolerance: 0 });
    expect(bodyOf(question({ type: 'ordering', items: ['Add', 'Carry'] }))).toMatchObject({
      items: [
        { id: 'id1', text: 'Add' },
        { id: 'id2', text: 'Carry' },
      ],
    });
  });

  it('fails a key that names no option', () => {
    expect(problemsOf(question({ options: ['3', '4'], correct_options: [0, 2] }))).toContain(
      GENERATED_QUESTION_PROBLEMS.keyNamesNoOption,
    );
    expect(
      problemsOf(question({ type: 'multiple_choice', options: ['3', '4'], correct_options: [7] })),
    ).toContain(GENERATED_QUESTION_PROBLEMS.keyNamesNoOption);
  });

  it('fails duplicate options, even when they differ in case and spacing', () => {
    expect(problemsOf(question({ options: ['Four', ' four '], correct_options: [0] }))).toEqual([
      QUESTION_MESSAGES.duplicateOptions,
    ]);
  });

  it('fails a multiple choice with no correct option', () => {
    expect(
      problemsOf(question({ type: 'multiple_choice', options: ['3', '4'], correct_options: [] })),
    ).toEqual([QUESTION_MESSAGES.multipleNeedsOne]);
  });

  it('fails a single choice with two correct options', () => {
    expect(problemsOf(question({ options: ['4', 'IV'], correct_options: [0, 1] }))).toEqual([
      QUESTION_MESSAGES.singleNeedsOne,
    ]);
  });

  it('fails an ordering with repeated items', () => {
    expect(problemsOf(question({ type: 'ordering', items: ['Add', 'Carry', 'add'] }))).toEqual([
      QUESTION_MESSAGES.duplicateItems,
    ]);
  });

  it('fails a true or false question without its answer', () => {
    expect(problemsOf(question({ type: 'true_false' }))).toEqual([
      GENERATED_QUESTION_PROBLEMS.trueFalseNeedsAnswer,
    ]);
  });

  it('fails what breaks the limits of a question, saying which field', () => {
    expect(problemsOf(question({ options: ['4'], correct_options: [0] }))).toEqual([
      'options: Too small: expected array to have >=2 items',
    ]);
    expect(
      problemsOf(
        question({
          options: ['4', 'x'.repeat(QUESTION_OPTION_MAX_LENGTH + 1)],
          correct_options: [0],
        }),
      ),
    ).toEqual([`options.1.text: Must be at most ${QUESTION_OPTION_MAX_LENGTH} characters`]);
    expect(problemsOf(question({ text: '  ', options: ['3', '4'], correct_options: [1] }))).toEqual(
      ['text: Question text is required'],
    );
    expect(problemsOf(question({ type: 'short_answer' }))).toEqual([
      'accepted_answers: Too small: expected array to have >=1 items',
    ]);
  });

  it('fails a question that is not in the shape asked', () => {
    expect(problemsOf({ ...blank, type: 'essay' })[0]).toMatch(/^type: /);
    expect(problemsOf({ text: 'Only text' }).length).toBeGreaterThan(0);
    expect(problemsOf('not a question').length).toBeGreaterThan(0);
    expect(problemsOf(question({ correct_options: [-1], options: ['3', '4'] }))[0]).toMatch(
      /^correct_options\.0: /,
    );
  });
});

describe('generatedQuestionsSchema', () => {
  it('shows Gemini the full question and the count, yet parses each question as anything', () => {
    const schema = generatedQuestionsSchema(3);
    expect(z.toJSONSchema(schema, { io: 'output' })).toMatchObject({
      properties: {
        questions: {
          minItems: 3,
          maxItems: 3,
          items: {
            type: 'object',
            required: expect.arrayContaining(['type', 'correct_options', 'items']),
          },
        },
      },
    });
    expect(schema.parse({ questions: [{ broken: true }, 'x'] }).questions).toHaveLength(2);
    expect(schema.safeParse({ answer: [] }).success).toBe(false);
  });
});
