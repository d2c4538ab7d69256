import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { idTokenFor, signUpAndLogIn } from './support/accounts';
import { courseWithLesson } from './support/lesson';

/**
 * The authors' Questions section: Generate Questions (fake Gemini) on a topic with a lesson, an
 * edit seen in the preview, a reorder with the keyboard, a question added by hand, then Publish
 * changes, after which the topic checks show on the learner page.
 */

/** The texts of contracts/src/questions.ts (QUESTION_MESSAGES) this test looks for. */
const TEXT = {
  section: 'Questions',
  generate: 'Generate Questions',
  add: 'Add Question',
  checks: 'Check your understanding',
} as const;

const LESSON = '## Photosynthesis\n\nPlants turn light, water and $CO_2$ into sugar.';
const EDITED = 'Which gas do plants **take in**?';
const EDITED_NAME = 'Which gas do plants take in?';
const BY_HAND = 'Plants need light to make sugar.';

/** The accessible names of the section's drag handles, without "Reorder ". */
async function order(section: Locator): Promise<string[]> {
  const labels = await section
    .getByRole('button', { name: /^Reorder / })
    .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Reorder /, ''));
}

/** The topic's questions as the author's API holds them. */
async function storedQuestions(request: APIRequestContext, token: string, topicPath: string) {
  const response = await request.get(`/api${topicPath}/questions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { questions: { origin: string }[] }).questions;
}

/** Resolves once the order of the questions has been saved. */
const orderSaved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().endsWith('/questions/order') &&
      response.ok(),
  );

for (const width of [1280, 360]) {
  test.describe(`questions at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an author generates, edits, reorders and adds questions, and publishes them to learners', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const author = await signUpAndLogIn(page, `questions-${width}`, {
        firstName: 'Quinn',
        lastName: 'Asker',
      });
      const token = await idTokenFor(author.email, author.password);
      const headers = { authorization: `Bearer ${token}` };
      const key = await request.put('/api/auth/api-key', {
        headers,
        data: { api_key: `AIza-e2e-questions-${width}-${Date.now()}` },
      });
      expect(key.status()).toBe(200);
      const { courseId, lessonPath } = await courseWithLesson(
        request,
        token,
        { name: 'Plants' },
        LESSON,
      );
      // Published once before the questions, so the author publishes them as changes.
      const published = await request.post(`/api/courses/${courseId}/publish`, { headers });
      expect(published.status()).toBeLessThan(300);
      const { slug } = (await published.json()) as { slug: string };
      const [, subjectPath = '', topicId = ''] =
        /^(\/courses\/[^/]+\/subjects\/[^/]+)\/content\/([^/]+)$/.exec(lessonPath) ?? [];

      await page.goto(lessonPath);
      const section = page.getByRole('region', { name: TEXT.section });
      await expect(section.getByText(/No questions yet/)).toBeVisible();

      // Generate Questions: the fake Gemini answers five valid questions.
      await section.getByRole('button', { name: TEXT.generate }).click();
      await expect(page.getByText('Generated 5 questions.', { exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name: /^Reorder / })).toHaveCount(5);
      const generated = await order(section);

      // Edit the first: the preview shows the new text as learners will see it.
      await section
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Edit Question' });
      await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill(EDITED);
      const preview = dialog.getByRole('region', { name: 'Preview' });
      await expect(preview.locator('strong', { hasText: 'take in' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      expect(await order(section)).toEqual([EDITED_NAME, ...generated.slice(1)]);

      // Reorder with the keyboard: the edited question moves down one place.
      const handle = section.getByRole('button', { name: `Reorder ${EDITED_NAME}` });
      await handle.focus();
      await handle.press('Space');
      await expect(handle).toHaveAttribute('aria-pressed', 'true');
      const saved = orderSaved(page);
      await page.keyboard.press('ArrowDown');
      await expect(
        page.getByText(`Question ${EDITED_NAME} is at position 2 of 5.`, { exact: true }),
      ).toBeAttached();
      await page.keyboard.press('Space');
      await saved;
      const reordered = [generated[1] ?? '', EDITED_NAME, ...generated.slice(2)];
      expect(await order(section)).toEqual(reordered);

      // Add one by hand.
      await section.getByRole('button', { name: TEXT.add }).click();
      const add = page.getByRole('dialog', { name: 'Add Question' });
      await add.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'True or false' }).click();
      await add.getByRole('textbox', { name: 'Question', exact: true }).fill(BY_HAND);
      await add.getByRole('button', { name: 'Save' }).click();
      await expect(add).toBeHidden();
      expect(await order(section)).toEqual([...reordered, BY_HAND]);

      // Kept after a reload, as the API holds them.
      await page.reload();
      await expect(section.getByRole('button', { name: /^Reorder / })).toHaveCount(6);
      expect(await order(section)).toEqual([...reordered, BY_HAND]);
      const stored = await storedQuestions(
        request,
        token,
        `${subjectPath}/chapters/${await chapterOf(request, token, subjectPath)}/topics/${topicId}`,
      );
      expect(stored.map((question) => question.origin)).toEqual([
        'generated',
        'author',
        'generated',
        'generated',
        'generated',
        'author',
      ]);

      // Publish changes, then a learner sees the topic checks under the lesson.
      await page.goto(`/courses/${courseId}/subjects`);
      await page.getByRole('button', { name: 'Publish changes' }).click();
      const changes = page.getByRole('dialog', { name: 'Publish changes' });
      await changes.getByRole('button', { name: 'Publish changes' }).click();
      await expect(changes).toBeHidden();

      await page.goto(`/learn/${slug}/${topicId}`);
      const checks = page.getByRole('region', { name: TEXT.checks });
      await expect(checks).toBeVisible();
      await expect(checks.getByText('Which gas do plants')).toBeVisible();
      await expect(checks.getByText(BY_HAND)).toBeVisible();
      await expect(checks.locator('form.check')).toHaveCount(6);
    });
  });
}

/** The id of the subject's one chapter. */
async function chapterOf(
  request: APIRequestContext,
  token: string,
  subjectPath: string,
): Promise<string> {
  const response = await request.get(`/api${subjectPath}/chapters`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const chapters = (await response.json()) as { id: string }[];
  return chapters[0]?.id ?? '';
}
