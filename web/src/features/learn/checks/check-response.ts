import type { LearnerResponse, QuestionType } from '@coursecraft/contracts';

const TYPES: readonly string[] = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'short_answer',
  'ordering',
] satisfies readonly QuestionType[];

/** The form's question type (`data-question-type`); null for one this script does not know. */
export function questionTypeOf(form: HTMLFormElement): QuestionType | null {
  const type = form.dataset.questionType ?? '';
  return TYPES.includes(type) ? (type as QuestionType) : null;
}

/** The items of an ordering question, in the order on screen. */
export const orderingItems = (form: HTMLFormElement): HTMLLIElement[] => [
  ...form.querySelectorAll<HTMLLIElement>('.check-order > li.check-item'),
];

/**
 * What the learner answered in `form`, in the shape the answers API takes; null while there is
 * nothing to send (no option chosen, an empty short answer).
 */
export function readResponse(form: HTMLFormElement, type: QuestionType): LearnerResponse | null {
  switch (type) {
    case 'single_choice':
    case 'multiple_choice': {
      const ids = [...form.querySelectorAll<HTMLInputElement>('.check-options input:checked')].map(
        (input) => input.value,
      );
      return ids.length > 0 ? { option_ids: ids } : null;
    }
    case 'true_false': {
      const checked = form.querySelector<HTMLInputElement>('.check-options input:checked');
      return checked ? { value: checked.value === 'true' } : null;
    }
    case 'short_answer': {
      const input = form.querySelector<HTMLInputElement>('.check-answer input');
      const text = input?.value.trim() ?? '';
      return text ? { text } : null;
    }
    case 'ordering':
      return { item_ids: orderingItems(form).map((item) => item.dataset.itemId ?? '') };
  }
}

/** The first control of the form the learner answers with (focused after Try again). */
export function firstControl(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>(
    '.check-options input, .check-answer input, .check-order button:not(:disabled)',
  );
}
