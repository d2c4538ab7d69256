import { expect, test, type Page } from '@playwright/test';
import { logIn, uniqueEmail } from './support/accounts';
import { publishedCourse } from './support/learner';
import { richLessonCitation } from './support/lesson';

/** The page fits the viewport's width: nothing scrolls sideways but inner regions. */
async function expectNoSideScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** Relative luminance (0 black … 1 white) of an element's computed background colour. */
function backgroundLuminance(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(element).backgroundColor.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map((channel) => {
        const value = Number(channel) / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
}

test('without JavaScript at 360 px a learner reads a lesson, opens the outline and goes on', async ({
  browser,
  request,
}) => {
  const { slug, topicIds } = await publishedCourse(request, 'learn-nojs');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 800 },
  });
  const learner = await context.newPage();
  await learner.goto(`/learn/${slug}/${topicIds[0]}`);
  await expect(learner.getByRole('heading', { level: 1, name: 'Pythagoras' })).toBeVisible();
  const lesson = learner.getByRole('article');
  await expect(lesson.getByText('In a right triangle with legs')).toBeVisible();
  await expect(lesson.locator('.katex-display').first()).toBeVisible();
  await expect(lesson.locator('math').first()).toBeAttached();
  await expect(lesson.getByRole('table')).toBeVisible();
  // The citation: a numbered link to its entry in the Sources list that ends the lesson.
  const citation = richLessonCitation(topicIds[0] ?? '');
  await expect(lesson.getByRole('heading', { level: 2, name: 'Sources' })).toBeAttached();
  await lesson.getByRole('link', { name: citation.name, exact: true }).click();
  await expect(learner).toHaveURL(`/learn/${slug}/${topicIds[0]}#${citation.entryId}`);
  const entry = lesson.locator(`[id="${citation.entryId}"]`);
  await expect(entry).toContainText(citation.quote);
  await expect(entry).toBeInViewport();
  await expect(entry.getByRole('link', { name: 'Back to reference 1' })).toBeVisible();
  // Only the script can make these work: hidden without it.
  await expect(learner.locator('#learn-complete')).toBeHidden();
  await expect(learner.locator('#learn-progress')).toBeHidden();
  await expectNoSideScroll(learner, 'lesson without JavaScript');

  const outline = learner.locator('details.outline-details');
  await expect(outline.getByRole('link', { name: 'Angles' })).toBeHidden();
  await outline.locator('summary').click();
  await expect(outline.getByRole('link', { name: 'Angles' })).toBeVisible();
  await expect(outline.getByRole('link', { name: 'Pythagoras' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await learner.getByRole('link', { name: 'Next: Angles' }).click();
  await expect(learner).toHaveURL(`/learn/${slug}/${topicIds[1]}`);
  await expect(learner.getByRole('heading', { level: 1, name: 'Angles' })).toBeVisible();
  await expect(learner.getByRole('link', { name: 'Previous: Pythagoras' })).toBeVisible();
  await context.close();
});

for (const { width, colorScheme } of [
  { width: 1280, colorScheme: 'light' },
  { width: 360, colorScheme: 'light' },
  { width: 360, colorScheme: 'dark' },
] as const) {
  test(`at ${width} px in ${colorScheme} mode a learner marks complete, keeps it over a reload and saves it to a new account`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const { slug, topicIds } = await publishedCourse(request, `learn-${width}-${colorScheme}`);
    const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
    const learner = await context.newPage();
    await learner.goto(`/learn/${slug}`);
    await expect(
      learner.getByRole('heading', { level: 1, name: 'Triangles for Learners' }),
    ).toBeVisible();
    await expect(learner.getByText('0 of 3 topics completed')).toBeVisible();
    const luminance = await backgroundLuminance(learner, 'body');
    if (colorScheme === 'dark') expect(luminance).toBeLessThan(0.1);
    else expect(luminance).toBeGreaterThan(0.8);
    await learner.getByRole('link', { name: 'Start' }).click();
    await expect(learner).toHaveURL(`/learn/${slug}/${topicIds[0]}`);

    // Shown at once; the reload waits for the save (a visitor is signed in anonymously first).
    const saved = learner.waitForResponse(
      (response) => response.url().endsWith('/progress') && response.request().method() === 'PUT',
    );
    await learner.getByRole('button', { name: 'Mark as complete' }).click();
    expect((await saved).status()).toBe(200);
    const completed = learner.getByRole('button', { name: 'Completed' });
    await expect(completed).toHaveAttribute('aria-pressed', 'true');
    await expect(learner.getByText('1 of 3 topics completed')).toBeVisible();
    await learner.reload();
    await expect(completed).toBeVisible();
    await expect(learner.getByText('1 of 3 topics completed')).toBeVisible();
    // Marked in both outlines: the aside (wide screens) and the <details> (phones).
    const marked = learner.locator(`a[data-topic-id="${topicIds[0]}"].is-completed`);
    await expect(marked).toHaveCount(2);
    await expect(marked.first()).toContainText('(completed)');
    await expectNoSideScroll(learner, 'lesson with progress');

    // The anonymous learner keeps their progress in an account.
    await learner.getByRole('button', { name: 'Save your progress' }).click();
    const save = learner.getByRole('dialog', { name: 'Save your progress' });
    await expect(save.getByLabel(/^First Name/)).toBeFocused();
    await save.getByRole('button', { name: 'Create account' }).click();
    await expect(save.getByText('First name is required')).toBeVisible();
    if (colorScheme === 'dark')
      expect(await backgroundLuminance(learner, 'dialog')).toBeLessThan(0.1);
    await save.getByLabel(/^First Name/).fill('Lena');
    await save.getByLabel(/^Last Name/).fill('Learner');
    await save.getByLabel(/^Email/).fill(uniqueEmail('learner'));
    await save.getByLabel(/^Password/).fill('learner-password-1');
    await expectNoSideScroll(learner, 'Save your progress dialog');
    await save.getByRole('button', { name: 'Create account' }).click();
    await expect(save).toBeHidden();
    await expect(learner.getByText('Your progress is saved to your account.')).toBeVisible();
    await expect(learner.getByRole('button', { name: 'Save your progress' })).toHaveCount(0);

    await learner.reload();
    await expect(learner.getByRole('button', { name: 'Completed' })).toBeVisible();
    const account = learner.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'My Courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
    await expect(learner.getByRole('button', { name: 'Save your progress' })).toHaveCount(0);
    await learner.goto(`/learn/${slug}`);
    await expect(learner.getByText('1 of 3 topics completed')).toBeVisible();
    await expect(learner.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/learn/${slug}/${topicIds[1]}`,
    );
    await context.close();
  });
}

test('an author signed in in the app finds their account entries on a learner page', async ({
  page,
  request,
}) => {
  const { slug, author } = await publishedCourse(request, 'learn-author');
  await page.goto('/auth?mode=login');
  await logIn(page, author.email, author.password);
  await expect(page).toHaveURL('/courses');
  await page.goto(`/learn/${slug}`);
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'My Courses' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByText('0 of 3 topics completed')).toBeVisible();
  await account.getByRole('link', { name: 'My Courses' }).click();
  await expect(page).toHaveURL('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
});
