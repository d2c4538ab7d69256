import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminPage, idTokenFor, signUpAndLogIn } from './support/accounts';
import { RICH_LESSON, addLesson, expectLessonRendered } from './support/lesson';

/** The serious and critical WCAG 2.1 A/AA violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Opens `path`, waits for its main heading, and checks it. */
async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), path).toEqual([]);
}

const VISITOR_PAGES = [
  '/home',
  '/auth?mode=login',
  '/auth?mode=signup',
  '/forgot-password',
  '/reset-password?oobCode=unknown',
  '/terms',
  '/privacy-policy',
  '/coming-soon',
];

for (const width of [1280, 360]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('visitor pages have no serious or critical axe violations', async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of VISITOR_PAGES) await expectAccessible(page, path);
    });

    test('author pages have no serious or critical axe violations', async ({ page }) => {
      test.setTimeout(120_000);
      const { email, password } = await signUpAndLogIn(page, `a11y-${width}`, {
        firstName: 'Axe',
        lastName: 'Author',
      });
      await expectAccessible(page, '/courses');
      await expectAccessible(page, '/create-course');
      await expectAccessible(page, '/profile');
      await expectAccessible(page, '/write-review');

      await page.goto('/create-course');
      await page.getByLabel('Course Name').fill('Accessible Algebra');
      await page.getByRole('button', { name: 'Create Course' }).click();
      await expect(page).toHaveURL('/courses');
      await page.getByRole('link', { name: 'Accessible Algebra' }).click();
      await expect(page).toHaveURL(/\/subjects$/);
      const subjectsPath = new URL(page.url()).pathname;
      await page.getByRole('button', { name: 'Add Subject' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Subject' });
      await dialog.getByLabel('Subject Name').fill('Equations');
      await dialog.getByRole('button', { name: 'Create Subject' }).click();
      await expect(dialog).toBeHidden();
      await expectAccessible(page, subjectsPath);
      await expectAccessible(page, subjectsPath.replace(/\/subjects$/, '/subjects-chapters'));

      // The outline page showing a lesson with inline and display math, a table and a diagram,
      // scanned once KaTeX and Mermaid have rendered.
      await page.goto(subjectsPath);
      const contentLink = await page
        .getByRole('link', { name: 'View Content' })
        .getAttribute('href');
      const subjectPath = (contentLink ?? '').replace(/\/content$/, '');
      expect(subjectPath).toMatch(/^\/courses\/\w+\/subjects\/\w+$/);
      const token = await idTokenFor(email, password);
      const lessonPath = await addLesson(page.request, token, subjectPath, RICH_LESSON);
      await page.goto(lessonPath);
      await expect(page.getByRole('heading', { level: 1, name: 'Pythagoras' })).toBeVisible();
      await expectLessonRendered(page);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), lessonPath).toEqual([]);
    });

    test('the admin console has no serious or critical axe violations', async ({ browser }) => {
      const admin = await adminPage(browser);
      await admin.setViewportSize({ width, height: 800 });
      await expectAccessible(admin, '/admin');
      for (const tab of ['User Management', 'Testimonials']) {
        await admin.getByRole('tab', { name: tab }).click();
        await admin.waitForLoadState('networkidle');
        expect(await seriousViolations(admin), tab).toEqual([]);
      }
      await admin.context().close();
    });
  });
}
