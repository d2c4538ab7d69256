import type { Question } from '@coursecraft/contracts';
import { parse, type GIFTQuestion } from 'gift-pegjs';
import { describe, expect, it } from 'vitest';
import { buildGift } from './gift';
import { QUESTIONS, treeWith } from './test-questions';

type Parsed<T extends GIFTQuestion['type']> = Extract<GIFTQuestion, { type: T }>;

function parsedGift(topics: Record<string, Question[]>): GIFTQuestion[] {
  return parse(buildGift(treeWith(topics)).text);
}

function only<T extends GIFTQuestion['type']>(question: Question, type: T): Parsed<T> {
  const parsed = parsedGift({ Basics: [question] });
  expect(parsed.map((item) => item.type)).toEqual(['Category', type]);
  return parsed[1] as Parsed<T>;
}

describe('buildGift', () => {
  it('writes one category per topic (course/subject/chapter/topic) and titles each question', () => {
    const parsed = parsedGift({
      'Basics: speed': [QUESTIONS.trueFalse, QUESTIONS.falseOne],
      Empty: [],
      'Units/SI': [QUESTIONS.short],
    });
    expect(parsed.map((item) => item.title)).toEqual([
      'Physics: 1//2/Motion/Speed/Basics: speed',
      'Basics: speed 1',
      'Basics: speed 2',
      'Physics: 1//2/Motion/Speed/Units//SI',
      'Units/SI 1',
    ]);
    expect(buildGift(treeWith({ Empty: [] }))).toEqual({ text: '', count: 0 });
  });

  it('writes a single choice with its right option, feedback, escapes, math and explanation', () => {
    const question = only(QUESTIONS.single, 'MC');
    expect(question.stem.text).toBe('What is \\(v = \\frac{d}{t}\\) {in words}?');
    expect(question.choices.map((choice) => [choice.isCorrect, choice.text.text])).toEqual([
      [true, 'Distance ~ per = time'],
      [false, 'Time per distance'],
      [false, 'C:\\temp'],
    ]);
    expect(question.choices[0]?.feedback?.text).toBe('Yes {exactly}');
    expect(question.globalFeedback?.text).toBe(
      'Speed is distance: time.\n\nSee \\[\\sum_{i} x_i\\] #1',
    );
  });

  it('weights a multiple choice: right options share 100%, wrong ones share -100%', () => {
    const question = only(QUESTIONS.multiple, 'MC');
    expect(question.choices.map((choice) => [choice.text.text, choice.weight])).toEqual([
      ['m/s', 33.33333],
      ['km/h', 33.33333],
      ['knot', 33.33333],
      ['kg', -50],
      ['N', -50],
    ]);
    expect(question.choices[3]?.feedback?.text).toBe('A mass');
  });

  it('writes true or false, and every accepted short answer', () => {
    expect(only(QUESTIONS.trueFalse, 'TF').isTrue).toBe(true);
    expect(only(QUESTIONS.falseOne, 'TF').isTrue).toBe(false);
    const short = only(QUESTIONS.short, 'Short');
    expect(short.choices.map((choice) => [choice.isCorrect, choice.text.text])).toEqual([
      [true, 'second'],
      [true, 's'],
      [true, 'sec = s'],
    ]);
  });

  it('writes a numeric answer as value:tolerance, decimal comma and tiny tolerance included', () => {
    const question = only(QUESTIONS.numeric, 'Numerical');
    expect(question.stem.text).toBe('What is \\(\\pi\\) to two decimals?');
    expect(question.choices).toEqual([
      expect.objectContaining({
        isCorrect: true,
        text: { type: 'range', number: 3.14, range: 1e-7 },
      }),
      expect.objectContaining({
        isCorrect: true,
        text: { type: 'range', number: 3.1416, range: 1e-7 },
      }),
    ]);
    expect(question.globalFeedback?.text).toBe('About 3.14.');
  });

  it('writes Order the steps as a matching question, step to position', () => {
    const question = only(QUESTIONS.ordering, 'Matching');
    expect(question.matchPairs.map((pair) => [pair.subquestion.text, pair.subanswer])).toEqual([
      ['Measure → distance', '1'],
      ['Measure time', '2'],
      ['Divide: \\(d/t\\)', '3'],
    ]);
  });

  it('reads back any text exactly, whatever GIFT characters and blank lines it holds', () => {
    const texts = [
      '~=#{}:\\',
      'a\\:b \\\\n c',
      '// not a comment',
      'Line one\n\nLine two\r\n\r\nthree',
      '::title:: {=x}',
      '`code $x$ ~` and \\$5',
      '####',
    ];
    const question: Question = {
      ...QUESTIONS.single,
      text: texts.join(' | '),
      options: texts.map((text, index) => ({
        id: `o${index}`,
        text,
        correct: index === 0,
        feedback: text,
      })),
    };
    const [, parsed] = parsedGift({ [texts.join('')]: [question] }) as [unknown, Parsed<'MC'>];
    const read = (text: string) => text.replace(/\\\$/g, '$').replace(/\r\n/g, '\n').trim();
    expect(parsed.title).toBe(`${texts.join('')} 1`.replace(/\r\n|\n/g, '\n'));
    expect(parsed.stem.text).toBe(read(texts.join(' | ')));
    expect(parsed.choices.map((choice) => choice.text.text)).toEqual(texts.map(read));
    expect(parsed.choices.map((choice) => choice.feedback?.text)).toEqual(texts.map(read));
  });
});
