import type { QuestionInput } from '@coursecraft/contracts';

/** One sound question of each type (the ordering one quiz-only), as an author sends them. */
export const QUESTION_INPUTS: QuestionInput[] = [
  {
    type: 'single_choice',
    text: 'What pulls the tides? $F = G\\frac{m_1 m_2}{r^2}$',
    explanation: "Mostly the Moon's gravity.",
    quiz_only: false,
    options: [
      { id: 'moon', text: 'The Moon', correct: true, feedback: 'Yes.' },
      { id: 'wind', text: 'The wind', correct: false, feedback: 'Wind makes waves, not tides.' },
    ],
  },
  {
    type: 'multiple_choice',
    text: 'Which bodies raise tides on Earth?',
    explanation: 'Both, the Sun about half as much.',
    quiz_only: false,
    options: [
      { id: 'a', text: 'The Moon', correct: true, feedback: '' },
      { id: 'b', text: 'The Sun', correct: true, feedback: '' },
      { id: 'c', text: 'Mars', correct: false, feedback: 'Too far and too small.' },
    ],
  },
  {
    type: 'true_false',
    text: 'There are two high tides a day in most places.',
    explanation: 'The bulge on the far side makes the second.',
    quiz_only: false,
    answer: true,
  },
  {
    type: 'short_answer',
    text: 'About how many hours pass between two high tides?',
    explanation: 'About 12.4 hours.',
    quiz_only: false,
    accepted_answers: ['12.4', '12,42'],
    tolerance: 0.2,
  },
  {
    type: 'ordering',
    text: 'Order the phases from new moon.',
    explanation: 'Waxing first, then waning.',
    quiz_only: true,
    items: [
      { id: 'n', text: 'New moon' },
      { id: 'f', text: 'First quarter' },
      { id: 'u', text: 'Full moon' },
    ],
  },
];

/** The question of QUESTION_INPUTS of `type`. */
export function inputOf<T extends QuestionInput['type']>(
  type: T,
): Extract<QuestionInput, { type: T }> {
  const found = QUESTION_INPUTS.find(
    (question): question is Extract<QuestionInput, { type: T }> => question.type === type,
  );
  if (!found) throw new Error(`No sample question of type ${type}`);
  return structuredClone(found);
}
