import { LEARN_TEXT } from '../learn-messages';

/** Starts the loaded checking script; `pending` is a form submitted while it was loading. */
export type StartChecks = (pending: HTMLFormElement | null) => void;

const FIRST_MOVES = ['focusin', 'input', 'change'] as const;

/**
 * Part of the base script: loads the checking script on the learner's first move inside the
 * checks (focus, typing, a choice or a submit). A submit never leaves the page; one made before
 * the script is there is handed to it once it has loaded. A failed load is retried on the next
 * move, and a form submitted meanwhile says it could not check.
 */
export function watchChecks(section: HTMLElement, load: () => Promise<StartChecks>): void {
  let loading: Promise<void> | null = null;
  let loaded = false;
  let pending: HTMLFormElement | null = null;

  const begin = () => {
    loading ??= load().then(
      (start) => {
        loaded = true;
        const form = pending;
        pending = null;
        start(form);
      },
      (failure: unknown) => {
        console.error('Loading the checking script failed', failure);
        loading = null;
        const result = pending?.querySelector('.check-result');
        pending = null;
        if (!result) return;
        const message = section.ownerDocument.createElement('p');
        message.className = 'check-message check-error';
        message.textContent = LEARN_TEXT.checkFailed;
        result.replaceChildren(message);
      },
    );
  };

  section.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!loaded && event.target instanceof HTMLFormElement) pending = event.target;
    begin();
  });
  for (const type of FIRST_MOVES) section.addEventListener(type, begin);
}
