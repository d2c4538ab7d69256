import { registerRequestSchema, type RegisterRequest } from '@coursecraft/contracts';
import { isCancelledPopup, saveAccountMessage } from './account-errors';
import { LEARN_TEXT } from './learn-messages';
import type { SavedAccount } from './learner-session';

/** How the dialog saves: linking the anonymous learner to an account. */
export interface AccountLinks {
  withEmail(
    slug: string,
    input: RegisterRequest,
    completed: readonly string[],
  ): Promise<SavedAccount>;
  withGoogle(slug: string, completed: readonly string[]): Promise<SavedAccount>;
}

export interface SaveDialogOptions {
  slug: string;
  /** The anonymous learner's completed topic ids. */
  completed: readonly string[];
  onSaved: (account: SavedAccount) => void;
  /** Called once the dialog has closed, saved or not. */
  onClosed: () => void;
}

type Field = keyof RegisterRequest;

const FIELDS: Array<{
  name: Field;
  label: string;
  type: string;
  autocomplete: string;
  helper?: string;
}> = [
  { name: 'first_name', label: 'First Name', type: 'text', autocomplete: 'given-name' },
  { name: 'last_name', label: 'Last Name', type: 'text', autocomplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autocomplete: 'new-password',
    helper: 'At least 8 characters',
  },
];

let dialogCount = 0;

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<Record<string, string>> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value !== undefined) node.setAttribute(name, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Opens Save your progress: a modal `<dialog>` to sign up (first and last name, e-mail,
 * password: the app's sign-up rules) or continue with Google. The account takes over the
 * anonymous learner (same uid), so the progress stays.
 */
export function openSaveDialog(
  doc: Document,
  { slug, completed, onSaved, onClosed }: SaveDialogOptions,
  links: AccountLinks,
): HTMLDialogElement {
  dialogCount += 1;
  const id = (name: string) => `learn-save-${dialogCount}-${name}`;
  const dialog = element(doc, 'dialog', {
    class: 'learn-dialog',
    'aria-labelledby': id('title'),
    'aria-describedby': id('intro'),
  });
  const title = element(doc, 'h2', { id: id('title') }, LEARN_TEXT.saveProgress);
  const intro = element(
    doc,
    'p',
    { id: id('intro') },
    'Create an account and your progress comes with you, on any device.',
  );
  const error = element(doc, 'p', { class: 'learn-dialog-error', role: 'alert' });
  error.hidden = true;

  const form = element(doc, 'form', { 'aria-label': 'Create an account' });
  form.noValidate = true;
  const inputs = new Map<Field, HTMLInputElement>();
  const fieldErrors = new Map<Field, HTMLElement>();
  const names = element(doc, 'div', { class: 'learn-field-row' });
  for (const field of FIELDS) {
    const wrapper = element(doc, 'div', { class: 'learn-field' });
    const label = element(doc, 'label', { for: id(field.name) }, field.label);
    label.append(element(doc, 'span', { 'aria-hidden': 'true' }, ' *'));
    const input = element(doc, 'input', {
      id: id(field.name),
      name: field.name,
      type: field.type,
      autocomplete: field.autocomplete,
      'aria-required': 'true',
    });
    const helper = field.helper
      ? element(
          doc,
          'p',
          { id: id(`${field.name}-helper`), class: 'learn-field-help' },
          field.helper,
        )
      : null;
    const fieldError = element(doc, 'p', {
      id: id(`${field.name}-error`),
      class: 'learn-field-error',
    });
    fieldError.hidden = true;
    input.setAttribute(
      'aria-describedby',
      [helper ? helper.id : null, fieldError.id].filter(Boolean).join(' '),
    );
    input.addEventListener('input', () => setFieldError(field.name, null));
    wrapper.append(label, input, ...(helper ? [helper] : []), fieldError);
    (field.name === 'first_name' || field.name === 'last_name' ? names : form).append(wrapper);
    if (field.name === 'last_name') form.append(names);
    inputs.set(field.name, input);
    fieldErrors.set(field.name, fieldError);
  }
  const submit = element(doc, 'button', { type: 'submit', class: 'button button-primary' });
  submit.textContent = 'Create account';
  form.append(submit);

  const or = element(doc, 'p', { class: 'learn-or' }, 'or');
  const google = element(doc, 'button', { type: 'button', class: 'button learn-google' });
  google.textContent = 'Continue with Google';
  const cancel = element(doc, 'button', { type: 'button', class: 'button' }, 'Cancel');
  const actions = element(doc, 'div', { class: 'learn-dialog-actions' });
  actions.append(cancel);
  dialog.append(title, intro, error, form, or, google, actions);

  let busy = false;
  const controls = () => [...inputs.values(), submit, google, cancel];

  function setFieldError(name: Field, message: string | null) {
    const input = inputs.get(name);
    const fieldError = fieldErrors.get(name);
    if (!input || !fieldError) return;
    fieldError.textContent = message ?? '';
    fieldError.hidden = message === null;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  function setError(message: string | null) {
    error.textContent = message ?? '';
    error.hidden = message === null;
  }
  function setBusy(value: boolean, which?: HTMLButtonElement) {
    busy = value;
    for (const control of controls()) control.disabled = value;
    submit.textContent = value && which === submit ? 'Creating account...' : 'Create account';
    google.textContent = value && which === google ? 'Connecting...' : 'Continue with Google';
  }
  async function run(
    which: HTMLButtonElement,
    save: () => Promise<SavedAccount>,
    fallback: string,
  ) {
    setError(null);
    setBusy(true, which);
    try {
      const account = await save();
      setBusy(false);
      onSaved(account);
      dialog.close();
    } catch (failure) {
      setBusy(false);
      if (isCancelledPopup(failure)) return;
      console.error('Saving progress to an account failed', failure);
      setError(saveAccountMessage(failure, fallback));
      which.focus();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const values = Object.fromEntries(
      [...inputs].map(([name, input]) => [name, input.value]),
    ) as Record<Field, string>;
    const parsed = registerRequestSchema.safeParse(values);
    for (const field of FIELDS) setFieldError(field.name, null);
    if (!parsed.success) {
      const seen = new Set<Field>();
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        const field = FIELDS.find((candidate) => candidate.name === name)?.name;
        if (!field || seen.has(field)) continue;
        seen.add(field);
        setFieldError(field, issue.message);
      }
      const first = FIELDS.find((field) => seen.has(field.name));
      if (first) inputs.get(first.name)?.focus();
      return;
    }
    void run(submit, () => links.withEmail(slug, parsed.data, completed), LEARN_TEXT.signUpFailed);
  });
  google.addEventListener('click', () => {
    if (!busy) void run(google, () => links.withGoogle(slug, completed), LEARN_TEXT.googleFailed);
  });
  cancel.addEventListener('click', () => {
    if (!busy) dialog.close();
  });
  // Escape closes the dialog, except while an account is being made.
  dialog.addEventListener('cancel', (event) => {
    if (busy) event.preventDefault();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    onClosed();
  });

  doc.body.append(dialog);
  dialog.showModal();
  inputs.get('first_name')?.focus();
  return dialog;
}
