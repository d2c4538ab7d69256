import type { QuestionInput } from '@coursecraft/contracts';
import { expect, type Locator, type Page } from '@playwright/test';

/** The ordering question's steps, in the right order. */
export const PROOF_STEPS = ['Draw a square on each side', 'Cut the squares', 'Compare the areas'];

/**
 * Topic checks of every kind a learner answers in the e2e, and one quiz-only question that
 * learners never see under the lesson.
 */
export const TOPIC_QUESTIONS: QuestionInput[] = [
  {
    type: 'single_choice',
    text: 'How many sides has a **triangle**?',
    explanation: 'A triangle has three sides and three angles.',
    quiz_only: false,
    options: [
      { id: 'oThree', text: 'Three', correct: true, feedback: '' },
      { id: 'oFour', text: 'Four', correct: false, feedback: 'Four sides make a quadrilateral.' },
    ],
  },
  {
    type: 'short_answer',
    text: 'What is the side facing the right angle called?',
    explanation: 'The hypotenuse is the longest side.',
    quiz_only: false,
    accepted_answers: ['hypotenuse'],
    tolerance: null,
  },
  {
    type: 'ordering',
    text: 'Put the steps of the proof in order.',
    explanation: 'Compare the areas last.',
    quiz_only: false,
    items: PROOF_STEPS.map((text, index) => ({ id: `step${index + 1}`, text })),
  },
  {
    type: 'true_false',
    text: 'A quiz-only statement about triangles.',
    explanation: '',
    quiz_only: true,
    answer: true,
  },
];

/** The form of the topic check whose text contains `text`. */
export const topicCheck = (page: Page, text: string): Locator =>
  page.locator('#checks form.check').filter({ hasText: text });

/**
 * Puts an ordering question's items in `order` with the keyboard only: each item is moved up
 * with Enter on its "Move {item} up" button, whose focus follows the item.
 */
export async function orderWithKeyboard(form: Locator, order: readonly string[]): Promise<void> {
  const items = form.locator('.check-item .check-item-text');
  for (const [target, text] of order.entries()) {
    const current = (await items.allTextContents()).map((item) => item.trim());
    const position = current.indexOf(text);
    expect(position, `${text} is listed`).toBeGreaterThanOrEqual(target);
    if (position === target) continue;
    const up = form.getByRole('button', { name: `Move ${text} up` });
    await up.focus();
    for (let step = position; step > target; step -= 1) {
      await expect(up).toBeFocused();
      await form.page().keyboard.press('Enter');
    }
  }
  await expect(items).toHaveText([...order]);
}
