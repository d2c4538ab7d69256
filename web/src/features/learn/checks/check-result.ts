import type { AnswerResult, RevealedAnswer } from '@coursecraft/contracts';
import { CHECK_TEXT } from './check-messages';
import { putInOrder } from './ordering-controls';

/** What the result's buttons do; `showAnswer` null leaves Show answer out. */
export interface ResultActions {
  tryAgain: () => void;
  showAnswer: (() => void) | null;
}

const resultOf = (form: HTMLFormElement) => form.querySelector<HTMLElement>('.check-result');

function element(doc: Document, tag: string, className: string, text?: string): HTMLElement {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Server-rendered HTML (sanitised there, like the lesson) in a new block. */
function htmlBlock(doc: Document, className: string, html: string): HTMLElement {
  const block = element(doc, 'div', className);
  block.innerHTML = html;
  return block;
}

function button(doc: Document, className: string, label: string, onClick: () => void) {
  const node = element(doc, 'button', `button ${className}`, label);
  if (node instanceof HTMLButtonElement) node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

/** Marks the options that make the right answer. */
function markOptions(form: HTMLFormElement, values: readonly string[]): void {
  for (const input of form.querySelectorAll<HTMLInputElement>('.check-options input')) {
    if (!values.includes(input.value)) continue;
    const option = input.closest('.check-option');
    const label = input.labels?.[0];
    option?.classList.add('is-answer');
    // The space keeps the option's name and the mark apart for screen readers.
    const mark = element(form.ownerDocument, 'span', 'check-mark-wrap', ' ');
    mark.append(element(form.ownerDocument, 'span', 'check-mark', CHECK_TEXT.rightAnswer));
    label?.append(mark);
  }
}

/** Shows the right answer: marks the options, lists the accepted answers or orders the items. */
function reveal(form: HTMLFormElement, answer: RevealedAnswer, into: HTMLElement): void {
  const doc = form.ownerDocument;
  if ('option_ids' in answer) markOptions(form, answer.option_ids);
  else if ('value' in answer) markOptions(form, [String(answer.value)]);
  else if ('texts' in answer) {
    into.append(element(doc, 'p', 'check-accepted-title', CHECK_TEXT.acceptedAnswers));
    const list = element(doc, 'ul', 'check-accepted');
    for (const text of answer.texts) list.append(element(doc, 'li', '', text));
    into.append(list);
  } else {
    putInOrder(form, answer.item_ids);
    form.querySelector('.check-order')?.classList.add('is-answer');
    into.append(element(doc, 'p', 'check-in-order', CHECK_TEXT.inOrder));
  }
}

/** Takes the result and the right answer's marks off the form. */
export function clearResult(form: HTMLFormElement): void {
  const result = resultOf(form);
  if (result) result.replaceChildren();
  for (const mark of form.querySelectorAll('.check-mark-wrap')) mark.remove();
  for (const marked of form.querySelectorAll('.is-answer')) marked.classList.remove('is-answer');
}

/**
 * Fills the form's result: Correct or Not quite (`verdict`), the feedback of the options picked,
 * the explanation, the right answer when the server gave it, then Try again and Show answer.
 */
export function showResult(
  form: HTMLFormElement,
  result: AnswerResult,
  verdict: boolean,
  actions: ResultActions,
): void {
  const into = resultOf(form);
  if (!into) return;
  clearResult(form);
  const doc = form.ownerDocument;
  into.append(
    element(
      doc,
      'p',
      `check-verdict ${verdict ? 'is-correct' : 'is-wrong'}`,
      verdict ? CHECK_TEXT.correct : CHECK_TEXT.notQuite,
    ),
  );
  for (const line of result.feedback_html) {
    if (line) into.append(htmlBlock(doc, 'check-feedback', line));
  }
  if (result.explanation_html)
    into.append(htmlBlock(doc, 'check-explanation', result.explanation_html));
  if (result.answer) reveal(form, result.answer, into);
  const buttons = element(doc, 'div', 'check-result-actions');
  buttons.append(button(doc, 'check-try-again', CHECK_TEXT.tryAgain, actions.tryAgain));
  if (actions.showAnswer) {
    buttons.append(button(doc, 'check-show-answer', CHECK_TEXT.showAnswer, actions.showAnswer));
  }
  into.append(buttons);
}

/** A message in the form's result instead of a verdict: a failure or what to do first. */
export function showMessage(form: HTMLFormElement, text: string, kind: 'error' | 'hint'): void {
  const into = resultOf(form);
  if (!into) return;
  clearResult(form);
  into.append(element(form.ownerDocument, 'p', `check-message check-${kind}`, text));
}
