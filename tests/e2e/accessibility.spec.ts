import { expect, test, type Page } from '@playwright/test';
import { adminPage, idTokenFor, signUpAndLogIn } from './support/accounts';
import { seriousViolations } from './support/axe';
import { publishedCourse } from './support/learner';
import {
  RICH_LESSON,
  addLesson,
  courseWithLesson,
  expectLessonRendered,
  richLessonCitation,
} from './support/lesson';
import { TOPIC_QUESTIONS, topicCheck } from './support/questions';

/** Opens `path`, waits for its main heading, and checks it. */
async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), path).toEqual([]);
}

/** The page fits the viewport's width: nothing scrolls sideways but inner regions. */
async function expectNoSideScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
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

      // The citation's link scrolls to its entry under Sources, and the router stays put.
      const citation = richLessonCitation(lessonPath.split('/').pop() ?? '');
      const lesson = page.locator('.markdown-body');
      await expect(lesson.getByRole('heading', { level: 2, name: 'Sources' })).toBeVisible();
      const entry = lesson.locator(`[id="${citation.entryId}"]`);
      await expect(entry).toContainText(citation.quote);
      await lesson.getByRole('link', { name: citation.name, exact: true }).click();
      await expect(page).toHaveURL(`${lessonPath}#${citation.entryId}`);
      await expect(entry).toBeInViewport();
      await expect(page.getByRole('heading', { level: 1, name: 'Pythagoras' })).toBeAttached();
    });

    test('learner pages and the analytics page have no serious or critical axe violations', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const { email, password } = await signUpAndLogIn(page, `a11y-learn-${width}`, {
        firstName: 'Axe',
        lastName: 'Publisher',
      });
      const token = await idTokenFor(email, password);
      const headers = { authorization: `Bearer ${token}` };
      const { courseId, lessonPath } = await courseWithLesson(
        page.request,
        token,
        { name: 'Published Geometry', description: 'Triangles for learners.' },
        RICH_LESSON,
      );
      const topicId = lessonPath.split('/').pop() ?? '';
      const published = await page.request.post(`/api/courses/${courseId}/publish`, { headers });
      const { slug } = (await published.json()) as { slug: string };

      await expectAccessible(page, `/courses/${courseId}/analytics`);
      await expectNoSideScroll(page, 'analytics page');

      // The server-rendered learner pages, in both colour schemes: the course, the lesson (math,
      // a table and a diagram) with the script's banner and dialog, and the two 404s.
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ colorScheme, viewport: { width, height: 800 } });
        const learner = await context.newPage();
        const scheme = `(${colorScheme})`;
        await expectAccessible(learner, `/learn/${slug}`);
        await expect(learner.getByText('0 of 1 topics completed')).toBeVisible();
        await expectNoSideScroll(learner, `learner course page ${scheme}`);
        await learner.goto(`/learn/${slug}/${topicId}`);
        await expect(learner.getByRole('heading', { level: 1, name: 'Pythagoras' })).toBeVisible();
        const lesson = learner.getByRole('article');
        await expect(lesson.locator('.katex-display').first()).toBeVisible();
        await expect(lesson.getByRole('table')).toBeVisible();
        await expect(lesson.locator('figure.diagram')).toBeVisible();
        await learner.getByRole('button', { name: 'Mark as complete' }).click();
        await expect(learner.getByRole('button', { name: 'Save your progress' })).toBeVisible();
        await learner.waitForLoadState('networkidle');
        expect(await seriousViolations(learner), `learner lesson page ${scheme}`).toEqual([]);
        await expectNoSideScroll(learner, `learner lesson page ${scheme}`);
        await learner.getByRole('button', { name: 'Save your progress' }).click();
        await expect(learner.getByRole('dialog', { name: 'Save your progress' })).toBeVisible();
        expect(await seriousViolations(learner), `Save your progress dialog ${scheme}`).toEqual([]);
        await expectAccessible(learner, `/learn/${slug}/NoSuchTopic`);
        await expect(
          learner.getByRole('heading', { name: 'This topic is not part of the course.' }),
        ).toBeVisible();
        await expectAccessible(learner, '/learn/NoSuchCourse0000');
        await expect(
          learner.getByRole('heading', { name: 'This course is not available.' }),
        ).toBeVisible();
        await context.close();
      }

      // With a learner, the charts and their tables are drawn.
      await page.goto(`/courses/${courseId}/analytics`);
      await expect(page.getByText('No learners yet. Share the link to get started.')).toHaveCount(
        0,
      );
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), 'analytics with a learner').toEqual([]);
      await expectNoSideScroll(page, 'analytics page with a learner');
    });

    test('a topic page with questions and its chapter quiz page have no serious or critical axe violations, before and after a result', async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const { slug, topicIds } = await publishedCourse(request, `a11y-checks-${width}`, {
        questions: TOPIC_QUESTIONS,
      });
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ colorScheme, viewport: { width, height: 800 } });
        const learner = await context.newPage();
        const scheme = `(${colorScheme})`;
        await expectAccessible(learner, `/learn/${slug}/${topicIds[0]}`);
        await expect(
          learner.getByRole('region', { name: 'Check your understanding' }),
        ).toBeVisible();
        const single = topicCheck(learner, 'How many sides');
        await single.getByLabel('Four').check();
        await single.getByRole('button', { name: 'Check answer' }).click();
        await expect(single.locator('.check-result').getByText('Not quite')).toBeVisible();
        const short = topicCheck(learner, 'side facing the right angle');
        await short.getByLabel('Your answer').fill('hypotenuse');
        await short.getByRole('button', { name: 'Check answer' }).click();
        await expect(short.locator('.check-result').getByText('Correct')).toBeVisible();
        const ordering = topicCheck(learner, 'Put the steps');
        await ordering.getByRole('button', { name: 'Check answer' }).click();
        await ordering.getByRole('button', { name: 'Show answer' }).click();
        await expect(ordering.getByText('The steps are now in the right order.')).toBeVisible();
        await learner.waitForLoadState('networkidle');
        expect(await seriousViolations(learner), `topic checks with results ${scheme}`).toEqual([]);
        await expectNoSideScroll(learner, `topic checks with results ${scheme}`);

        // The chapter's quiz page: before Start quiz, a question, the confirmation, the result.
        await learner.goto(`/learn/${slug}`);
        const quizLink = learner.getByRole('link', { name: 'Chapter quiz: Shapes' });
        await expect(learner.getByText('Quiz: not taken yet')).toBeVisible();
        await expectAccessible(learner, (await quizLink.getAttribute('href')) ?? '');
        await learner.getByRole('button', { name: 'Start quiz' }).click();
        await expect(learner.getByRole('heading', { name: /^Question 1 of / })).toBeFocused();
        await learner.waitForLoadState('networkidle');
        expect(await seriousViolations(learner), `quiz question ${scheme}`).toEqual([]);
        await learner.getByRole('button', { name: 'Submit quiz' }).click();
        const confirm = learner.getByRole('dialog', { name: /unanswered\. Submit anyway\?$/ });
        expect(await seriousViolations(learner), `quiz confirmation ${scheme}`).toEqual([]);
        await confirm.getByRole('button', { name: 'Submit quiz' }).click();
        await expect(learner.getByRole('heading', { name: 'Your result' })).toBeFocused();
        expect(await seriousViolations(learner), `quiz result ${scheme}`).toEqual([]);
        await expectNoSideScroll(learner, `quiz result ${scheme}`);
        await context.close();
      }
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
