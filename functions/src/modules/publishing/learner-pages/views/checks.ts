import { QUESTION_MESSAGES, type LearnerQuestion } from '@coursecraft/contracts';
import { escapeHtml } from './escape';

/** The choices of a choice or true-or-false question: radios, or checkboxes for multiple choice. */
function choices(question: LearnerQuestion, qid: string): string {
  const type = question.type === 'multiple_choice' ? 'checkbox' : 'radio';
  const options = (question.options ?? []).map((option) => {
    const oid = escapeHtml(option.id);
    return [
      '<div class="check-option">',
      `<input type="${type}" name="q-${qid}" id="q-${qid}-${oid}" value="${oid}">`,
      `<label for="q-${qid}-${oid}">${option.html}</label>`,
      '</div>',
    ].join('');
  });
  return `<fieldset class="check-options" aria-labelledby="q-${qid}-text">${options.join('')}</fieldset>`;
}

function responseControls(question: LearnerQuestion, qid: string): string {
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'true_false':
      return choices(question, qid);
    case 'short_answer':
      return `<div class="check-answer"><label for="q-${qid}-answer">${QUESTION_MESSAGES.yourAnswer}</label><input type="text" id="q-${qid}-answer" name="q-${qid}" maxlength="200" autocomplete="off"></div>`;
    case 'ordering': {
      const items = (question.items ?? []).map(
        (item) =>
          `<li class="check-item" data-item-id="${escapeHtml(item.id)}"><span class="check-item-text">${item.html}</span></li>`,
      );
      return `<ol class="check-order" aria-labelledby="q-${qid}-text">${items.join('')}</ol>`;
    }
  }
}

/** One question as a form the checking script sends; its HTML was sanitised when published. */
function checkForm(question: LearnerQuestion): string {
  const qid = escapeHtml(question.id);
  return [
    `<form class="check" data-question-id="${qid}" data-question-type="${escapeHtml(question.type)}" novalidate>`,
    `<div class="check-text" id="q-${qid}-text">${question.html}</div>`,
    responseControls(question, qid),
    `<div class="check-actions"><button type="submit" class="check-submit">${QUESTION_MESSAGES.check}</button></div>`,
    '<div class="check-result" role="status" aria-live="polite"></div>',
    '</form>',
  ].join('');
}

/**
 * "Check your understanding" under a lesson: the topic's checks of the snapshot `version`,
 * without any key (the server grades). '' when the topic has none.
 */
export function checksSection(questions: LearnerQuestion[], version: number): string {
  if (questions.length === 0) return '';
  return [
    `<section class="checks" id="checks" aria-labelledby="checks-title" data-version="${version}">`,
    `<h2 id="checks-title">${QUESTION_MESSAGES.checks}</h2>`,
    `<noscript><p class="checks-noscript">${QUESTION_MESSAGES.noScript}</p></noscript>`,
    ...questions.map(checkForm),
    '</section>',
  ].join('\n');
}
