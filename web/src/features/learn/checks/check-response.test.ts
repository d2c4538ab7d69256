import { QUESTION_MESSAGES } from '@coursecraft/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checksHtml } from '../../../testing/checks-fixture';
import { CHECK_TEXT } from './check-messages';
import { firstControl, questionTypeOf, readResponse } from './check-response';

const formOf = (questionId: string) => {
  const form = document.querySelector<HTMLFormElement>(`form[data-question-id="${questionId}"]`);
  if (!form) throw new Error(`No form ${questionId}`);
  return form;
};
const check = (id: string) => {
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement)) throw new Error(`No input ${id}`);
  input.checked = true;
};

beforeEach(() => {
  document.body.innerHTML = checksHtml();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('reading a learner response', () => {
  it('reads each form’s type and refuses one it does not know', () => {
    expect(questionTypeOf(formOf('qOrder'))).toBe('ordering');
    formOf('qOrder').dataset.questionType = 'essay';
    expect(questionTypeOf(formOf('qOrder'))).toBeNull();
  });

  it('answers nothing while no option is chosen or the short answer is blank', () => {
    expect(readResponse(formOf('qSingle'), 'single_choice')).toBeNull();
    expect(readResponse(formOf('qMulti'), 'multiple_choice')).toBeNull();
    expect(readResponse(formOf('qTrue'), 'true_false')).toBeNull();
    const answer = document.getElementById('q-qShort-answer') as HTMLInputElement;
    answer.value = '   ';
    expect(readResponse(formOf('qShort'), 'short_answer')).toBeNull();
  });

  it('reads the chosen option of a single choice and every checked box of a multiple choice', () => {
    check('q-qSingle-oFour');
    expect(readResponse(formOf('qSingle'), 'single_choice')).toEqual({ option_ids: ['oFour'] });
    check('q-qMulti-oRight');
    check('q-qMulti-oBlue');
    expect(readResponse(formOf('qMulti'), 'multiple_choice')).toEqual({
      option_ids: ['oRight', 'oBlue'],
    });
  });

  it('reads true or false as a boolean', () => {
    check('q-qTrue-false');
    expect(readResponse(formOf('qTrue'), 'true_false')).toEqual({ value: false });
    check('q-qTrue-true');
    expect(readResponse(formOf('qTrue'), 'true_false')).toEqual({ value: true });
  });

  it('reads a short answer trimmed', () => {
    const answer = document.getElementById('q-qShort-answer') as HTMLInputElement;
    answer.value = '  the hypotenuse ';
    expect(readResponse(formOf('qShort'), 'short_answer')).toEqual({ text: 'the hypotenuse' });
  });

  it('reads an ordering in the order on screen', () => {
    const form = formOf('qOrder');
    expect(readResponse(form, 'ordering')).toEqual({ item_ids: ['iCut', 'iSand', 'iMeasure'] });
    const list = form.querySelector('ol');
    const last = list?.lastElementChild;
    if (last) list?.prepend(last);
    expect(readResponse(form, 'ordering')).toEqual({ item_ids: ['iMeasure', 'iCut', 'iSand'] });
  });

  it('finds the first control each type is answered with', () => {
    expect(firstControl(formOf('qSingle'))?.id).toBe('q-qSingle-oThree');
    expect(firstControl(formOf('qShort'))?.id).toBe('q-qShort-answer');
  });
});

describe('the script’s texts', () => {
  it('says what the issue’s learners read, word for word', () => {
    const shared = {
      correct: CHECK_TEXT.correct,
      notQuite: CHECK_TEXT.notQuite,
      tryAgain: CHECK_TEXT.tryAgain,
      showAnswer: CHECK_TEXT.showAnswer,
    };
    expect(shared).toEqual({
      correct: QUESTION_MESSAGES.correct,
      notQuite: QUESTION_MESSAGES.notQuite,
      tryAgain: QUESTION_MESSAGES.tryAgain,
      showAnswer: QUESTION_MESSAGES.showAnswer,
    });
  });
});
