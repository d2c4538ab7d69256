import {
  questionInputSchema,
  type ChoiceOption,
  type OrderingItem,
  type Question,
  type QuestionInput,
  type QuestionType,
} from '@coursecraft/contracts';

const ID_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 20;

/** A random id for a new option or step (20 letters and digits, as the contract allows). */
export function randomPartId(): string {
  let id = '';
  while (id.length < ID_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(ID_LENGTH))) {
      // Bytes from 248 up are skipped: 248 is a multiple of 62, so every letter stays as likely.
      if (byte < 248 && id.length < ID_LENGTH) id += ID_LETTERS[byte % ID_LETTERS.length];
    }
  }
  return id;
}

/**
 * What the question dialog edits: every type's parts at once, so switching the type keeps what
 * was typed. `tolerance` is the field's text ('' for a text comparison).
 */
export interface QuestionForm {
  type: QuestionType;
  text: string;
  explanation: string;
  quiz_only: boolean;
  options: ChoiceOption[];
  answer: boolean;
  accepted_answers: string[];
  tolerance: string;
  items: OrderingItem[];
}

export const newOption = (): ChoiceOption => ({
  id: randomPartId(),
  text: '',
  correct: false,
  feedback: '',
});

export const newItem = (): OrderingItem => ({ id: randomPartId(), text: '' });

/** The form of a new question: a single choice with two empty options. */
export function blankForm(): QuestionForm {
  return {
    type: 'single_choice',
    text: '',
    explanation: '',
    quiz_only: false,
    options: [newOption(), newOption()],
    answer: true,
    accepted_answers: [''],
    tolerance: '',
    items: [newItem(), newItem()],
  };
}

/** The form of a stored question, the other types' parts left blank. */
export function formOf(question: Question): QuestionForm {
  const form: QuestionForm = {
    ...blankForm(),
    type: question.type,
    text: question.text,
    explanation: question.explanation,
    quiz_only: question.quiz_only,
  };
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { ...form, options: question.options };
    case 'true_false':
      return { ...form, answer: question.answer };
    case 'short_answer':
      return {
        ...form,
        accepted_answers: question.accepted_answers,
        tolerance: question.tolerance === null ? '' : String(question.tolerance),
      };
    case 'ordering':
      return { ...form, items: question.items };
  }
}

/** The tolerance field's number: null when empty, NaN when it is not a number. */
function toleranceOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed.replace(',', '.'));
}

/** The body the form stands for, before validation: only its type's parts. */
export function bodyOf(form: QuestionForm): Record<string, unknown> {
  const base = {
    type: form.type,
    text: form.text,
    explanation: form.explanation,
    quiz_only: form.quiz_only,
  };
  switch (form.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, options: form.options };
    case 'true_false':
      return { ...base, answer: form.answer };
    case 'short_answer':
      return {
        ...base,
        accepted_answers: form.accepted_answers,
        tolerance: toleranceOf(form.tolerance),
      };
    case 'ordering':
      return { ...base, items: form.items };
  }
}

/** Messages by field path ('text', 'options.1.text', 'options'); '' holds the whole question's. */
export type FormErrors = Record<string, string[]>;

/** The validated question, or the messages of what is wrong, by field. */
export function validateForm(
  form: QuestionForm,
): { ok: true; input: QuestionInput } | { ok: false; errors: FormErrors } {
  const parsed = questionInputSchema.safeParse(bodyOf(form));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** Moves the entry at `from` to `to` (both in range). */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}

/** A question's text as one short line: for the list and the names of its buttons. */
export function shortText(text: string, max = 60): string {
  const line = text
    .replace(/[#*_`>$\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
