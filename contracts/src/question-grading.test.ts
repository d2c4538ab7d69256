import { describe, expect, it } from 'vitest';
import { foldedText, gradeResponse, gradingModule, revealedAnswer } from './question-grading';
import type { QuestionBody } from './questions';

const base = { text: 'Q', explanation: '', quiz_only: false };
const option = (id: string, correct: boolean) => ({
  id,
  text: `Option ${id}`,
  correct,
  feedback: '',
});

const single: QuestionBody = {
  ...base,
  type: 'single_choice',
  options: [option('a', false), option('b', true), option('c', false)],
};
const multiple: QuestionBody = {
  ...base,
  type: 'multiple_choice',
  options: [option('a', true), option('b', false), option('c', true)],
};
const trueFalse: QuestionBody = { ...base, type: 'true_false', answer: false };
const shortText = (accepted: string[]): QuestionBody => ({
  ...base,
  type: 'short_answer',
  accepted_answers: accepted,
  tolerance: null,
});
const numeric = (accepted: string[], tolerance: number): QuestionBody => ({
  ...base,
  type: 'short_answer',
  accepted_answers: accepted,
  tolerance,
});
const ordering: QuestionBody = {
  ...base,
  type: 'ordering',
  items: [
    { id: 'x', text: 'First' },
    { id: 'y', text: 'Second' },
    { id: 'z', text: 'Third' },
  ],
};

describe('gradeResponse', () => {
  it('grades a single choice by its one correct option', () => {
    expect(gradeResponse(single, { option_ids: ['b'] })).toBe(true);
    expect(gradeResponse(single, { option_ids: ['a'] })).toBe(false);
    expect(gradeResponse(single, { option_ids: ['a', 'b'] })).toBe(false);
    expect(gradeResponse(single, { option_ids: ['nope'] })).toBe(false);
  });

  it('grades a multiple choice all or nothing: exactly the correct set, in any order', () => {
    expect(gradeResponse(multiple, { option_ids: ['a', 'c'] })).toBe(true);
    expect(gradeResponse(multiple, { option_ids: ['c', 'a'] })).toBe(true);
    expect(gradeResponse(multiple, { option_ids: ['a'] })).toBe(false);
    expect(gradeResponse(multiple, { option_ids: ['a', 'b', 'c'] })).toBe(false);
    expect(gradeResponse(multiple, { option_ids: ['a', 'a'] })).toBe(false);
    expect(gradeResponse(multiple, { option_ids: ['a', 'c', 'c'] })).toBe(false);
  });

  it('grades true or false by its value', () => {
    expect(gradeResponse(trueFalse, { value: false })).toBe(true);
    expect(gradeResponse(trueFalse, { value: true })).toBe(false);
  });

  it('grades an ordering only with every item in place', () => {
    expect(gradeResponse(ordering, { item_ids: ['x', 'y', 'z'] })).toBe(true);
    expect(gradeResponse(ordering, { item_ids: ['y', 'x', 'z'] })).toBe(false);
    expect(gradeResponse(ordering, { item_ids: ['x', 'y'] })).toBe(false);
    expect(gradeResponse(ordering, { item_ids: ['x', 'y', 'z', 'z'] })).toBe(false);
  });

  it('calls a response of another type’s shape wrong', () => {
    expect(gradeResponse(single, { value: true })).toBe(false);
    expect(gradeResponse(trueFalse, { option_ids: ['a'] })).toBe(false);
    expect(gradeResponse(shortText(['Paris']), { item_ids: ['x', 'y'] })).toBe(false);
    expect(gradeResponse(ordering, { text: 'x y z' })).toBe(false);
    expect(gradeResponse(multiple, { text: 'a' })).toBe(false);
  });

  it('compares short answers trimmed, case folded, NFKC-normalised, spaces collapsed', () => {
    const paris = shortText(['Paris', 'New  York']);
    for (const given of ['Paris', '  Paris ', 'PARIS', 'ｐａｒｉｓ', 'new york', ' NEW\t york ']) {
      expect(gradeResponse(paris, { text: given }), given).toBe(true);
    }
    for (const given of ['Pa ris', 'Pariss', 'NewYork', '', '   ']) {
      expect(gradeResponse(paris, { text: given }), given).toBe(false);
    }
  });

  it('keeps diacritics: café is not cafe', () => {
    expect(gradeResponse(shortText(['café']), { text: 'CAFÉ' })).toBe(true);
    expect(gradeResponse(shortText(['café']), { text: 'cafe' })).toBe(false);
    expect(gradeResponse(shortText(['cafe']), { text: 'café' })).toBe(false);
    // Composed and decomposed forms are the same text after NFKC.
    expect(gradeResponse(shortText(['caf\u00e9']), { text: 'cafe\u0301' })).toBe(true);
  });

  it('keeps ß: Straße matches STRAßE, not STRASSE', () => {
    expect(gradeResponse(shortText(['Straße']), { text: 'STRAßE' })).toBe(true);
    expect(gradeResponse(shortText(['Straße']), { text: 'STRASSE' })).toBe(false);
  });

  it('matches a numeric answer within the tolerance, its edge included', () => {
    const pi = numeric(['3.14'], 0.01);
    for (const given of ['3.14', '3,14', '3.15', '3.13', ' 3.145 ', '+3.14', '３.１４']) {
      expect(gradeResponse(pi, { text: given }), given).toBe(true);
    }
    for (const given of ['3.1501', '3.1299', '3', 'pi', '1e3', '3.14.1', '']) {
      expect(gradeResponse(pi, { text: given }), given).toBe(false);
    }
  });

  it('reads negative numbers and either decimal mark on both sides', () => {
    const half = numeric(['-0,5'], 0);
    expect(gradeResponse(half, { text: '-0.5' })).toBe(true);
    expect(gradeResponse(half, { text: '-.5' })).toBe(true);
    expect(gradeResponse(half, { text: '0.5' })).toBe(false);
    expect(gradeResponse(half, { text: '-0.50001' })).toBe(false);
  });

  it('refuses exponent notation as not numeric', () => {
    expect(gradeResponse(numeric(['1000'], 0), { text: '1e3' })).toBe(false);
    expect(gradeResponse(numeric(['1000'], 0), { text: '1000' })).toBe(true);
  });

  it('still compares a numeric question’s non-numeric accepted answers as text', () => {
    const thousand = numeric(['1000', 'one thousand'], 0.5);
    expect(gradeResponse(thousand, { text: 'One  Thousand' })).toBe(true);
    expect(gradeResponse(thousand, { text: '1000,4' })).toBe(true);
    expect(gradeResponse(thousand, { text: '1001' })).toBe(false);
  });

  it('compares a text question’s numbers as text', () => {
    expect(gradeResponse(shortText(['3.14']), { text: '3,14' })).toBe(false);
    expect(gradeResponse(shortText(['3.14']), { text: '3.14' })).toBe(true);
  });
});

describe('revealedAnswer', () => {
  it('gives each type’s right answer in the shape of its response', () => {
    expect(revealedAnswer(single)).toEqual({ option_ids: ['b'] });
    expect(revealedAnswer(multiple)).toEqual({ option_ids: ['a', 'c'] });
    expect(revealedAnswer(trueFalse)).toEqual({ value: false });
    expect(revealedAnswer(shortText(['Paris', 'Lutetia']))).toEqual({
      texts: ['Paris', 'Lutetia'],
    });
    expect(revealedAnswer(ordering)).toEqual({ item_ids: ['x', 'y', 'z'] });
  });

  it('is graded right when sent back as the response', () => {
    expect(gradeResponse(single, revealedAnswer(single) as { option_ids: string[] })).toBe(true);
    expect(gradeResponse(ordering, revealedAnswer(ordering) as { item_ids: string[] })).toBe(true);
  });
});

describe('foldedText', () => {
  it('folds compatibility forms and spacing but not accents', () => {
    expect(foldedText('  ﬁne\u00a0 DAY ')).toBe('fine day');
    expect(foldedText('Été')).toBe('été');
  });
});

describe('the grading module shipped as source text', () => {
  it('grades alike when rebuilt from its own source, as the SCORM player does', () => {
    const shipped = (
      new Function(`return (${gradingModule.toString()})()`) as () => typeof gradingModule
    )() as unknown as ReturnType<typeof gradingModule>;
    const numeric: QuestionBody = {
      ...base,
      type: 'short_answer',
      accepted_answers: ['3,14'],
      tolerance: 0.01,
    };
    const words: QuestionBody = {
      ...base,
      type: 'short_answer',
      accepted_answers: ['Straße'],
      tolerance: null,
    };
    expect(shipped.gradeResponse(numeric, { text: ' 3.15 ' })).toBe(true);
    expect(shipped.gradeResponse(numeric, { text: '3.2' })).toBe(false);
    expect(shipped.gradeResponse(words, { text: 'STRASSE' })).toBe(false);
    expect(shipped.gradeResponse(words, { text: '  straße ' })).toBe(true);
    expect(shipped.revealedAnswer(words)).toEqual({ texts: ['Straße'] });
  });
});
