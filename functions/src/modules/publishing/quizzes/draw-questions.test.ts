import type { Question } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { drawQuestions, quizQuestionCount, shuffled, type QuizQuestion } from './draw-questions';

const html = { text: '', explanation: '', options: {}, items: {} };
const choice = (id: string): QuizQuestion => ({
  topic_id: 't1',
  html,
  question: {
    id,
    origin: 'author',
    type: 'single_choice',
    text: id,
    explanation: '',
    quiz_only: false,
    options: ['a', 'b', 'c', 'd'].map((option) => ({
      id: option,
      text: option,
      correct: option === 'a',
      feedback: '',
    })),
  },
});
const POOL = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map(choice);
const ids = (drawn: QuizQuestion[]) => drawn.map((entry) => entry.question.id);
const optionIds = (entry: QuizQuestion | undefined) =>
  (entry?.question as Extract<Question, { type: 'single_choice' }>).options.map(({ id }) => id);

/** A deterministic sequence standing in for Math.random. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('drawQuestions', () => {
  it('takes the whole pool in pool order, options untouched, without shuffle', () => {
    const drawn = drawQuestions(POOL, { questions_per_attempt: null, shuffle: false }, seeded(1));
    expect(ids(drawn)).toEqual(ids(POOL));
    expect(drawn.every((entry) => optionIds(entry).join() === 'a,b,c,d')).toBe(true);
  });

  it('draws N distinct questions of the pool, kept in pool order without shuffle', () => {
    for (let seed = 1; seed < 30; seed += 1) {
      const drawn = ids(
        drawQuestions(POOL, { questions_per_attempt: 3, shuffle: false }, seeded(seed)),
      );
      expect(drawn).toHaveLength(3);
      expect(new Set(drawn).size).toBe(3);
      expect(drawn).toEqual(ids(POOL).filter((id) => drawn.includes(id)));
    }
  });

  it('draws different subsets across draws (every question of the pool gets drawn)', () => {
    const random = seeded(7);
    const seen = new Set<string>();
    for (let draw = 0; draw < 40; draw += 1) {
      for (const id of ids(
        drawQuestions(POOL, { questions_per_attempt: 2, shuffle: false }, random),
      )) {
        seen.add(id);
      }
    }
    expect([...seen].sort()).toEqual(ids(POOL));
  });

  it('shuffles questions and options with shuffle, keeping every question and option once', () => {
    const random = seeded(3);
    const orders = new Set<string>();
    const optionOrders = new Set<string>();
    for (let draw = 0; draw < 20; draw += 1) {
      const drawn = drawQuestions(POOL, { questions_per_attempt: null, shuffle: true }, random);
      expect([...ids(drawn)].sort()).toEqual(ids(POOL));
      orders.add(ids(drawn).join());
      for (const entry of drawn) {
        expect([...optionIds(entry)].sort()).toEqual(['a', 'b', 'c', 'd']);
        optionOrders.add(optionIds(entry).join());
      }
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(optionOrders.size).toBeGreaterThan(1);
    // The pool itself is never reordered.
    expect(optionIds(POOL[0])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('counts min(pool, questions per attempt, the maximum)', () => {
    expect(quizQuestionCount(6, { questions_per_attempt: null })).toBe(6);
    expect(quizQuestionCount(6, { questions_per_attempt: 10 })).toBe(6);
    expect(quizQuestionCount(6, { questions_per_attempt: 4 })).toBe(4);
    expect(quizQuestionCount(250, { questions_per_attempt: null })).toBe(100);
    expect(shuffled([1, 2, 3], () => 0.999)).toEqual([1, 2, 3]);
  });
});
