import type { Question } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { learnerQuestions, publishQuestion, shuffledItems } from './published-questions';

const base = { text: 'Which **one**?', explanation: 'Because $x^2$.', quiz_only: false };
const QUESTIONS: Question[] = [
  {
    ...base,
    id: 'qs',
    origin: 'author',
    type: 'single_choice',
    options: [
      { id: 'a', text: 'Alpha', correct: false, feedback: 'No, *alpha*' },
      { id: 'b', text: 'Beta', correct: true, feedback: '' },
    ],
  },
  { ...base, id: 'qt', origin: 'author', type: 'true_false', answer: true },
  {
    ...base,
    id: 'qa',
    origin: 'generated',
    type: 'short_answer',
    accepted_answers: ['Zanzibar'],
    tolerance: null,
  },
  {
    ...base,
    id: 'qo',
    origin: 'author',
    type: 'ordering',
    items: [
      { id: 'i1', text: 'One' },
      { id: 'i2', text: 'Two' },
      { id: 'i3', text: 'Three' },
    ],
  },
  { ...base, id: 'qq', origin: 'author', type: 'true_false', answer: false, quiz_only: true },
];

describe('published questions', () => {
  it('render text, explanation, options and feedback with the lesson renderer, labels inline', async () => {
    const published = await publishQuestion(QUESTIONS[0] as Question);
    expect(published.html.text).toBe('<p>Which <strong>one</strong>?</p>');
    expect(published.html.explanation).toContain('class="katex"');
    expect(published.html.options).toEqual({
      a: { text: 'Alpha', feedback: '<p>No, <em>alpha</em></p>' },
      b: { text: 'Beta', feedback: '' },
    });
    expect(published.question).toEqual(QUESTIONS[0]);
  });

  it('give each part of a question footnote ids of its own, apart from the other questions’', async () => {
    const cited = (text: string) => `${text}[^1]\n\n[^1]: Notes.pdf, page 2: "${text}"`;
    const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    const question = (id: string): Question => ({
      ...base,
      id,
      text: cited('Which one?'),
      explanation: cited('Because.'),
      origin: 'author',
      type: 'single_choice',
      options: [
        { id: 'a', text: 'Alpha', correct: false, feedback: cited('Not alpha.') },
        { id: 'b', text: 'Beta', correct: true, feedback: '' },
      ],
    });
    const parts = (
      await Promise.all([publishQuestion(question('q1')), publishQuestion(question('q2'))])
    )
      .flatMap(({ html }) => [html.text, html.explanation, html.options.a?.feedback ?? ''])
      .map(ids);
    expect(parts.every((part) => part.length > 0)).toBe(true);
    const all = parts.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('user-content-question-q2-explanation-fn-1');
  });

  it('give learners no key and no quiz-only question', async () => {
    const published = await Promise.all(QUESTIONS.map(publishQuestion));
    const view = learnerQuestions(published);
    expect(view.map((question) => question.id)).toEqual(['qs', 'qt', 'qa', 'qo']);
    expect(view[0]?.options).toEqual([
      { id: 'a', html: 'Alpha' },
      { id: 'b', html: 'Beta' },
    ]);
    expect(view[1]?.options).toEqual([
      { id: 'true', html: 'True' },
      { id: 'false', html: 'False' },
    ]);
    expect(view[2]).toEqual({
      id: 'qa',
      type: 'short_answer',
      html: '<p>Which <strong>one</strong>?</p>',
    });
    const text = JSON.stringify(view);
    for (const secret of [
      'correct',
      'Zanzibar',
      '"answer"',
      'feedback',
      'explanation',
      'alpha</em>',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('shuffle an ordering the same way every time, never into the right order', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(shuffledItems('q1', items)).toEqual(shuffledItems('q1', items));
    for (let seed = 0; seed < 500; seed += 1) {
      for (const length of [2, 3, 5, 8]) {
        const right = items.concat(['e', 'f', 'g', 'h']).slice(0, length);
        const shuffled = shuffledItems(`q${seed}`, right);
        expect(shuffled).not.toEqual(right);
        expect([...shuffled].sort()).toEqual(right);
      }
    }
  });
});
