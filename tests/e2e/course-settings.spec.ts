import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpAndLogIn } from './support/accounts';
import { seriousViolations } from './support/axe';

/** The page fits the viewport's width: nothing scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The five settings fields inside `scope`, by their accessible names. */
const fieldsOf = (scope: Locator | Page) => ({
  audience: scope.getByRole('textbox', { name: 'Audience' }),
  level: scope.getByRole('combobox', { name: 'Level' }),
  language: scope.getByRole('textbox', { name: 'Language' }),
  tone: scope.getByRole('combobox', { name: 'Tone' }),
  lessonLength: scope.getByRole('combobox', { name: 'Lesson length' }),
});

test('course settings: set at creation, shown and changed on the subjects screen, kept', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'settings-author', { firstName: 'Sol', lastName: 'Author' });
  await page.goto('/create-course');
  const disclosure = page.getByRole('button', { name: 'Course settings (optional)' });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await disclosure.click();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  const create = fieldsOf(page);
  await create.audience.fill('first-year engineering students');
  await create.level.selectOption('Advanced');
  await create.language.fill('Español');
  await create.tone.fill('Academic');
  await create.lessonLength.selectOption('Long');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Course Name').fill('Señales y sistemas');
  await page.getByRole('button', { name: 'Create Course' }).click();
  await expect(page).toHaveURL('/courses');

  await page.getByRole('link', { name: 'Señales y sistemas' }).click();
  await page.getByRole('button', { name: 'Course settings' }).click();
  let dialog = page.getByRole('dialog', { name: 'Course settings' });
  let fields = fieldsOf(dialog);
  await expect(fields.audience).toHaveValue('first-year engineering students');
  await expect(fields.level).toHaveValue('Advanced');
  await expect(fields.language).toHaveValue('Español');
  await expect(fields.tone).toHaveValue('Academic');
  await expect(fields.lessonLength).toHaveValue('Long');
  expect(await seriousViolations(page)).toEqual([]);

  // The level select changes with the keyboard alone.
  await fields.level.focus();
  await page.keyboard.press('ArrowUp');
  await expect(fields.level).toHaveValue('Intermediate');
  await fields.tone.fill('Concise');
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Course settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Course settings' });
  fields = fieldsOf(dialog);
  await expect(fields.level).toHaveValue('Intermediate');
  await expect(fields.tone).toHaveValue('Concise');
  await expect(fields.language).toHaveValue('Español');

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(dialog.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  await expectNoSideScroll(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expectNoSideScroll(page);
});
