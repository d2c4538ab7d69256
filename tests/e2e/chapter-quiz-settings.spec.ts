import { expect, test, type Page } from '@playwright/test';
import { idTokenFor, signUpAndLogIn } from './support/accounts';
import { seriousViolations } from './support/axe';
import { courseWithLesson } from './support/lesson';
import { TOPIC_QUESTIONS } from './support/questions';

/**
 * The authors' Chapter quiz settings on the outline page (the expanded chapter's Chapter quiz
 * button) and the course setting Require passing each chapter quiz: changed, saved, kept after
 * a reload.
 */

/** The texts of contracts/src/quizzes.ts (QUIZ_MESSAGES) this test looks for. */
const QUIZ_MESSAGES = {
  chapterQuiz: 'Chapter quiz',
  allQuestions: 'All questions',
  randomQuestions: 'A random number of them',
  questionCount: 'Number of questions',
  passMark: 'Pass mark (%)',
  attempts: 'Attempts',
  shuffle: 'Shuffle questions and options',
  showAnswersAfter: 'Show answers after',
  saveSettings: 'Save quiz settings',
  saved: 'Quiz settings saved',
  poolSize: (count: number) =>
    `${count} questions in this chapter's topics, quiz-only ones included.`,
  requireQuizPass: 'Require passing each chapter quiz to complete the course',
} as const;

/** The page fits the viewport's width: nothing scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Opens the expanded chapter's Chapter quiz dialog (showing the outline first on a phone). */
async function openChapterQuiz(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Show Course Outline' }).click();
  const outline = page.getByRole('navigation', { name: 'Course outline' });
  await outline.getByRole('button', { name: QUIZ_MESSAGES.chapterQuiz }).click();
  const dialog = page.getByRole('dialog', { name: QUIZ_MESSAGES.chapterQuiz });
  await expect(dialog.getByLabel(QUIZ_MESSAGES.passMark)).toBeVisible();
  return dialog;
}

for (const width of [1280, 360]) {
  test.describe(`chapter quiz settings at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('an author sets a chapter’s quiz and the course’s quiz rule, and finds both kept', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const author = await signUpAndLogIn(page, `quiz-settings-${width}`, {
        firstName: 'Quincy',
        lastName: 'Setter',
      });
      const token = await idTokenFor(author.email, author.password);
      const { courseId, lessonPath } = await courseWithLesson(
        request,
        token,
        { name: 'Shapes' },
        '## Triangles\n\nThree sides.',
      );
      const topicPath = lessonPath.replace(/\/content\/([^/]+)$/, '');
      const chapters = await request.get(`/api${topicPath}/chapters`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const [chapter] = (await chapters.json()) as { id: string }[];
      const topicId = /\/content\/([^/]+)$/.exec(lessonPath)?.[1] ?? '';
      for (const question of TOPIC_QUESTIONS.slice(0, 2)) {
        const added = await request.post(
          `/api${topicPath}/chapters/${chapter?.id}/topics/${topicId}/questions`,
          { headers: { authorization: `Bearer ${token}` }, data: question },
        );
        expect(added.status()).toBe(201);
      }

      await page.goto(lessonPath);
      let dialog = await openChapterQuiz(page, width === 360);
      await expect(dialog.getByText(QUIZ_MESSAGES.poolSize(2))).toBeVisible();
      await expect(dialog.getByRole('radio', { name: QUIZ_MESSAGES.allQuestions })).toBeChecked();
      await expect(dialog.getByLabel(QUIZ_MESSAGES.passMark)).toHaveValue('70');
      expect(await seriousViolations(page)).toEqual([]);
      if (width === 360) await expectNoSideScroll(page);

      await dialog.getByRole('radio', { name: QUIZ_MESSAGES.randomQuestions }).check();
      await dialog.getByLabel(QUIZ_MESSAGES.questionCount).fill('1');
      await dialog.getByLabel(QUIZ_MESSAGES.passMark).fill('80');
      await dialog.getByLabel(QUIZ_MESSAGES.attempts).selectOption('3');
      // The checkbox and the last select by keyboard alone.
      await dialog.getByLabel(QUIZ_MESSAGES.attempts).press('Tab');
      await page.keyboard.press('Space');
      await expect(dialog.getByLabel(QUIZ_MESSAGES.shuffle)).toBeChecked();
      await page.keyboard.press('Tab');
      await expect(dialog.getByLabel(QUIZ_MESSAGES.showAnswersAfter)).toBeFocused();
      await dialog.getByLabel(QUIZ_MESSAGES.showAnswersAfter).selectOption('never');
      await dialog.getByRole('button', { name: QUIZ_MESSAGES.saveSettings }).click();
      await expect(dialog.getByText(QUIZ_MESSAGES.saved)).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      await page.reload();
      dialog = await openChapterQuiz(page, width === 360);
      await expect(
        dialog.getByRole('radio', { name: QUIZ_MESSAGES.randomQuestions }),
      ).toBeChecked();
      await expect(dialog.getByLabel(QUIZ_MESSAGES.questionCount)).toHaveValue('1');
      await expect(dialog.getByLabel(QUIZ_MESSAGES.passMark)).toHaveValue('80');
      await expect(dialog.getByLabel(QUIZ_MESSAGES.attempts)).toHaveValue('3');
      await expect(dialog.getByLabel(QUIZ_MESSAGES.shuffle)).toBeChecked();
      await expect(dialog.getByLabel(QUIZ_MESSAGES.showAnswersAfter)).toHaveValue('never');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // The course setting, on by default, turned off and kept.
      await page.goto(`/courses/${courseId}/subjects`);
      await page.getByRole('button', { name: 'Course settings' }).click();
      let settings = page.getByRole('dialog', { name: 'Course settings' });
      const rule = settings.getByRole('checkbox', { name: QUIZ_MESSAGES.requireQuizPass });
      await expect(rule).toBeChecked();
      await rule.uncheck();
      await settings.getByRole('button', { name: 'Save Settings' }).click();
      await expect(settings).toBeHidden();
      await page.reload();
      await page.getByRole('button', { name: 'Course settings' }).click();
      settings = page.getByRole('dialog', { name: 'Course settings' });
      await expect(
        settings.getByRole('checkbox', { name: QUIZ_MESSAGES.requireQuizPass }),
      ).not.toBeChecked();
    });
  });
}
