import type { LearnerQuestion, LearnerResponse, RevealedAnswer } from '@coursecraft/contracts';
import { plainText } from '../checks/ordering-controls';

/** Sets HTML the server sanitised when publishing (as the lesson and the topic checks are). */
function withHtml<T extends HTMLElement>(node: T, html: string): T {
  node.innerHTML = html;
  return node;
}

function make<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * One question of an attempt as a form shaped like the lesson's topic checks (the same classes,
 * so the checks' reading of responses and ordering buttons apply), without a submit button.
 * Ids are prefixed with the question's place: `n` is 1 for the first.
 */
export function questionForm(doc: Document, question: LearnerQuestion, n: number): HTMLFormElement {
  const qid = `quiz-q${n}`;
  const form = make(doc, 'form', {
    class: 'check quiz-question',
    'data-question-id': question.id,
    'data-question-type': question.type,
    novalidate: '',
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  form.append(
    withHtml(make(doc, 'div', { class: 'check-text', id: `${qid}-text` }), question.html),
  );
  if (question.type === 'short_answer') {
    const box = make(doc, 'div', { class: 'check-answer' });
    const label = make(doc, 'label', { for: `${qid}-answer` });
    label.textContent = 'Your answer';
    box.append(
      label,
      make(doc, 'input', {
        type: 'text',
        id: `${qid}-answer`,
        name: qid,
        maxlength: '200',
        autocomplete: 'off',
      }),
    );
    form.append(box);
  } else if (question.type === 'ordering') {
    const list = make(doc, 'ol', { class: 'check-order', 'aria-labelledby': `${qid}-text` });
    for (const item of question.items ?? []) {
      const li = make(doc, 'li', { class: 'check-item', 'data-item-id': item.id });
      li.append(withHtml(make(doc, 'span', { class: 'check-item-text' }), item.html));
      list.append(li);
    }
    form.append(list);
  } else {
    const type = question.type === 'multiple_choice' ? 'checkbox' : 'radio';
    const fieldset = make(doc, 'fieldset', {
      class: 'check-options',
      'aria-labelledby': `${qid}-text`,
    });
    (question.options ?? []).forEach((option, index) => {
      const id = `${qid}-o${index + 1}`;
      const row = make(doc, 'div', { class: 'check-option' });
      row.append(
        make(doc, 'input', { type, name: qid, id, value: option.id }),
        withHtml(make(doc, 'label', { for: id }), option.html),
      );
      fieldset.append(row);
    });
    form.append(fieldset);
  }
  return form;
}

/** The plain text of the question's options or items named by `ids`, in that order. */
function partsText(question: LearnerQuestion, ids: readonly string[]): string {
  const parts = [...(question.options ?? []), ...(question.items ?? [])];
  const doc = globalThis.document;
  return ids
    .map((id) => {
      const part = parts.find((candidate) => candidate.id === id);
      return part ? plainText(withHtml(doc.createElement('span'), part.html)) : id;
    })
    .join(', ');
}

/** A response or a right answer in words, for the review. */
export function answerText(
  question: LearnerQuestion,
  answer: LearnerResponse | RevealedAnswer,
): string {
  if ('option_ids' in answer) return partsText(question, answer.option_ids);
  if ('value' in answer) return partsText(question, [String(answer.value)]);
  if ('text' in answer) return answer.text;
  if ('texts' in answer) return answer.texts.join(' / ');
  return partsText(question, answer.item_ids);
}
