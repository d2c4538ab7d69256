import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from './draw-questions';
import { gradeAttempt, quizQuestionResults } from './quiz-grading';

const html = (explanation: string) => ({
  text: '',
  explanation,
  options: { a: { text: 'A', feedback: '<p>Not A</p>' }, b: { text: 'B', feedback: '' } },
  items: {},
});
const QUESTIONS: QuizQuestion[] = [
  {
    topic_id: 't1',
    html: html('<p>One</p>'),
    question: {
      id: 'q1',
      origin: 'author',
      type: 'single_choice',
      text: '',
      explanation: 'One',
      quiz_only: false,
      // Shuffled options: the key is by id, never by position.
      options: [
        { id: 'b', text: 'B', correct: true, feedback: '' },
        { id: 'a', text: 'A', correct: false, feedback: 'Not A' },
      ],
    },
  },
  {
    topic_id: 't2',
    html: html('<p>Two</p>'),
    question: {
      id: 'q2',
      origin: 'author',
      type: 'true_false',
      text: '',
      explanation: 'Two',
      quiz_only: true,
      answer: false,
    },
  },
  {
    topic_id: 't2',
    html: html(''),
    question: {
      id: 'q3',
      origin: 'author',
      type: 'true_false',
      text: '',
      explanation: '',
      quiz_only: false,
      answer: true,
    },
  },
];

describe('gradeAttempt', () => {
  it('grades by id against the frozen keys; unanswered questions score 0', () => {
    const graded = gradeAttempt(
      QUESTIONS,
      [
        { question_id: 'q2', response: { value: false } },
        { question_id: 'q1', response: { option_ids: ['b'] } },
      ],
      70,
    );
    expect(graded).toMatchObject({ correct: 2, total: 3, score: 66, passed: false });
    expect(graded?.questions.map(({ response, correct }) => [response, correct])).toEqual([
      [{ option_ids: ['b'] }, true],
      [{ value: false }, true],
      [null, false],
    ]);
    expect(gradeAttempt(QUESTIONS, [], 1)).toMatchObject({ score: 0, passed: false });
    const all = gradeAttempt(
      QUESTIONS,
      [
        { question_id: 'q1', response: { option_ids: ['b'] } },
        { question_id: 'q2', response: { value: false } },
        { question_id: 'q3', response: { value: true } },
      ],
      100,
    );
    expect(all).toMatchObject({ score: 100, passed: true });
  });

  it('refuses an answer outside the attempt, or one question twice', () => {
    expect(gradeAttempt(QUESTIONS, [{ question_id: 'q9', response: { value: true } }], 70)).toBe(
      null,
    );
    expect(
      gradeAttempt(
        QUESTIONS,
        [
          { question_id: 'q3', response: { value: true } },
          { question_id: 'q3', response: { value: false } },
        ],
        70,
      ),
    ).toBe(null);
  });

  it('shows the right answers, explanations and picked feedback only when allowed', () => {
    const graded = gradeAttempt(
      QUESTIONS,
      [{ question_id: 'q1', response: { option_ids: ['a'] } }],
      70,
    );
    if (!graded) throw new Error('graded');
    const [hidden] = quizQuestionResults(graded, false);
    expect(hidden).toEqual({
      question_id: 'q1',
      correct: false,
      response: { option_ids: ['a'] },
      explanation_html: null,
      feedback_html: [],
      answer: null,
    });
    const shown = quizQuestionResults(graded, true);
    expect(shown[0]).toMatchObject({
      explanation_html: '<p>One</p>',
      feedback_html: ['<p>Not A</p>'],
      answer: { option_ids: ['b'] },
    });
    expect(shown[2]).toMatchObject({ response: null, correct: false, answer: { value: true } });
  });
});
