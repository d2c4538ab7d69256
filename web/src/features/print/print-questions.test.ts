import { describe, expect, it } from 'vitest';
import { acceptedAnswerTexts, letter, printedSteps } from './print-questions';

describe('print questions', () => {
  it('letters options A to Z, then AA', () => {
    expect([0, 1, 25, 26, 27].map(letter)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });

  it('never prints the steps in their right order, and prints them alike every time', () => {
    for (const length of [2, 3, 5, 8]) {
      const items = Array.from({ length }, (_, index) => index);
      for (let n = 0; n < 200; n++) {
        const steps = printedSteps(`q${n}`, items);
        expect(steps).not.toEqual(items);
        expect([...steps].sort((a, b) => a - b)).toEqual(items);
        expect(printedSteps(`q${n}`, items)).toEqual(steps);
      }
    }
  });

  it('gives a numeric answer its tolerance and leaves text answers as they are', () => {
    const base = {
      id: 'q1',
      origin: 'author' as const,
      type: 'short_answer' as const,
      text: 'π?',
      explanation: '',
      quiz_only: false,
    };
    expect(
      acceptedAnswerTexts({
        ...base,
        accepted_answers: ['3.14', 'pi'],
        tolerance: 0.01,
      }),
    ).toEqual(['3.14 ± 0.01', 'pi']);
    expect(
      acceptedAnswerTexts({
        ...base,
        accepted_answers: ['3.14'],
        tolerance: 0,
      }),
    ).toEqual(['3.14']);
  });
});
