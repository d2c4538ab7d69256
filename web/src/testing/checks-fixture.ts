/** The checks' version the fixture's section carries (`data-version`). */
export const CHECKS_VERSION = 3;

const choice = (qid: string, type: 'radio' | 'checkbox', options: [string, string][]) =>
  `<fieldset class="check-options" aria-labelledby="q-${qid}-text">${options
    .map(
      ([oid, html]) =>
        `<div class="check-option"><input type="${type}" name="q-${qid}" id="q-${qid}-${oid}" value="${oid}"><label for="q-${qid}-${oid}">${html}</label></div>`,
    )
    .join('')}</fieldset>`;

const form = (qid: string, type: string, text: string, body: string) =>
  `<form class="check" data-question-id="${qid}" data-question-type="${type}" novalidate>
    <div class="check-text" id="q-${qid}-text"><p>${text}</p></div>
    ${body}
    <div class="check-actions"><button type="submit" class="check-submit">Check answer</button></div>
    <div class="check-result" role="status" aria-live="polite"></div>
  </form>`;

/**
 * The "Check your understanding" section as the server renders it under a lesson: one question
 * of each type. The ordering's items come shuffled (the right order is Measure, Cut, Sand).
 */
export function checksHtml(): string {
  return `<section class="checks" id="checks" aria-labelledby="checks-title" data-version="${CHECKS_VERSION}">
  <h2 id="checks-title">Check your understanding</h2>
  <noscript><p class="checks-noscript">Turn on JavaScript to check your answers.</p></noscript>
  ${form(
    'qSingle',
    'single_choice',
    'How many sides has a triangle?',
    choice('qSingle', 'radio', [
      ['oThree', 'Three'],
      ['oFour', 'Four'],
    ]),
  )}
  ${form(
    'qMulti',
    'multiple_choice',
    'Which are angles?',
    choice('qMulti', 'checkbox', [
      ['oRight', 'Right'],
      ['oAcute', 'Acute'],
      ['oBlue', 'Blue'],
    ]),
  )}
  ${form(
    'qTrue',
    'true_false',
    'The angles add up to 180°.',
    choice('qTrue', 'radio', [
      ['true', 'True'],
      ['false', 'False'],
    ]),
  )}
  ${form(
    'qShort',
    'short_answer',
    'Name the longest side.',
    `<div class="check-answer"><label for="q-qShort-answer">Your answer</label>
      <input type="text" id="q-qShort-answer" name="q-qShort" maxlength="200" autocomplete="off"></div>`,
  )}
  ${form(
    'qOrder',
    'ordering',
    'Put the steps in order.',
    `<ol class="check-order" aria-labelledby="q-qOrder-text">
      <li class="check-item" data-item-id="iCut"><span class="check-item-text">Cut</span></li>
      <li class="check-item" data-item-id="iSand"><span class="check-item-text">Sand <span class="katex"><span class="katex-mathml"><math><semantics><mi>x</mi><annotation encoding="application/x-tex">x</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">x</span></span></span></li>
      <li class="check-item" data-item-id="iMeasure"><span class="check-item-text">Measure</span></li>
    </ol>`,
  )}
</section>`;
}

/** Adds the checks under the lesson of a page the learner page fixture rendered. */
export function renderChecks(): HTMLElement {
  const article = document.querySelector('article');
  if (!article) throw new Error('Render a lesson page first');
  article.insertAdjacentHTML('afterend', checksHtml());
  const section = document.getElementById('checks');
  if (!section) throw new Error('The checks did not render');
  return section;
}
