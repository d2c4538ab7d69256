import type { Question } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { EXPORT_TEXT } from '../export-text';
import { buildAiken } from './aiken';
import { QUESTIONS, treeWith } from './test-questions';

/** Reads an Aiken file as Moodle's importer does: question line, option lines, ANSWER line. */
function readAiken(text: string) {
  return text
    .trimEnd()
    .split('\n\n')
    .map((block) => {
      const [question, ...rest] = block.split('\n');
      const answer = rest.pop();
      const options = rest.map((line) => /^([A-Z])\. (.+)$/.exec(line));
      expect(options.every((match) => match !== null)).toBe(true);
      const letters = options.map((match) => match?.[1]);
      expect(letters).toEqual([...'ABCDEFGH'].slice(0, letters.length));
      const right = /^ANSWER: ([A-Z])$/.exec(answer ?? '')?.[1];
      return { question, options: options.map((match) => match?.[2]), right };
    });
}

describe('buildAiken', () => {
  it('writes single choice and true or false as two options, and counts what it leaves out', () => {
    const all = Object.values(QUESTIONS) as Question[];
    const { text, count, leftOut } = buildAiken(treeWith({ One: all, Two: [QUESTIONS.falseOne] }));
    expect({ count, leftOut }).toEqual({ count: 4, leftOut: 4 });
    expect(readAiken(text)).toEqual([
      {
        question: 'What is \\(v = \\frac{d}{t}\\) {in words}?',
        options: ['Distance ~ per = time', 'Time per distance', 'C:\\temp'],
        right: 'A',
      },
      { question: 'Light is faster than sound.', options: ['True', 'False'], right: 'A' },
      { question: 'Sound needs no air.', options: ['True', 'False'], right: 'B' },
      { question: 'Sound needs no air.', options: ['True', 'False'], right: 'B' },
    ]);
  });

  it('keeps each question and option on one line, and marks the right option wherever it is', () => {
    const question: Question = {
      ...QUESTIONS.single,
      text: 'First line\n\nsecond  line',
      options: [
        { id: 'a', text: 'Wrong\nanswer', correct: false, feedback: '' },
        { id: 'b', text: 'Right $$x$$', correct: true, feedback: '' },
      ],
    };
    expect(readAiken(buildAiken(treeWith({ One: [question] })).text)).toEqual([
      {
        question: 'First line second line',
        options: ['Wrong answer', 'Right \\[x\\]'],
        right: 'B',
      },
    ]);
  });

  it('says how many questions were left out, and nothing when none was', () => {
    expect(buildAiken(treeWith({ One: [QUESTIONS.single] })).leftOut).toBe(0);
    expect(EXPORT_TEXT.aikenLeftOut(12)).toBe(
      '12 questions were left out: Aiken holds only single-choice questions.',
    );
    expect(EXPORT_TEXT.aikenLeftOut(1)).toBe(
      '1 question was left out: Aiken holds only single-choice questions.',
    );
  });
});
