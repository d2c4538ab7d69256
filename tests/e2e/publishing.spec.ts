import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { idTokenFor, signUpAndLogIn, uniqueEmail } from './support/accounts';

const TOPICS = ['Sides', 'Angles', 'Area'];

/** A course with one subject, one chapter and a lesson per topic, built through the API. */
async function buildCourse(request: APIRequestContext, idToken: string): Promise<string> {
  const headers = { authorization: `Bearer ${idToken}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const course = await post('/courses/create-manual', {
    name: 'Triangles for Everyone',
    description: 'Sides, angles and area of a triangle.',
  });
  const subject = await post(`/courses/${course}/subjects`, { name: 'Basics' });
  const chapter = await post(`/courses/${course}/subjects/${subject}/chapters`, {
    name: 'Shapes',
  });
  const chapterPath = `/courses/${course}/subjects/${subject}/chapters/${chapter}/topics`;
  for (const name of TOPICS) {
    const topic = await post(chapterPath, { name });
    const response = await request.post(`/api${chapterPath}/${topic}/content`, {
      headers,
      data: { content: `## ${name}\n\nThe lesson on ${name.toLowerCase()}: $a^2 + b^2 = c^2$.` },
    });
    expect(response.status()).toBe(201);
  }
  return course;
}

async function markComplete(page: Page, topic: string) {
  await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByRole('button', { name: 'Completed' })).toBeVisible();
}

test.describe('publish and track', () => {
  test('an author publishes; a learner without an account keeps progress, saves it to an account; the author sees it; unpublish closes the link', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const author = await signUpAndLogIn(page, 'publisher', {
      firstName: 'Paula',
      lastName: 'Publisher',
    });
    const courseId = await buildCourse(request, await idTokenFor(author.email, author.password));

    await page.goto(`/courses/${courseId}/subjects`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const publishDialog = page.getByRole('dialog', { name: 'Publish course' });
    await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(publishDialog).toBeHidden();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View analytics' })).toBeVisible();
    const shareLink = page.getByRole('link', { name: /\/learn\/[A-Za-z0-9_-]{16}$/ });
    const url = (await shareLink.getAttribute('href')) ?? '';
    const learnPath = new URL(url).pathname;

    await page.goto('/courses');
    await expect(page.getByText('Published', { exact: true })).toBeVisible();

    // A learner with no account, in a browser of their own.
    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    await learner.goto(learnPath);
    await expect(
      learner.getByRole('heading', { level: 1, name: 'Triangles for Everyone' }),
    ).toBeVisible();
    await expect(learner.getByText('0 of 3 topics completed')).toBeVisible();
    await expect(learner.getByRole('button', { name: /edit|delete/i })).toHaveCount(0);
    await learner.getByRole('link', { name: 'Start' }).click();
    await markComplete(learner, 'Sides');
    await learner.getByRole('link', { name: 'Next: Angles' }).click();
    await markComplete(learner, 'Angles');

    await learner.reload();
    await expect(learner.getByRole('button', { name: 'Completed' })).toBeVisible();
    // The anonymous learner is still a visitor to the rest of the app.
    await expect(learner.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await learner.goto(learnPath);
    await expect(learner.getByText('2 of 3 topics completed')).toBeVisible();
    await expect(learner.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      /\/learn\/[A-Za-z0-9_-]{16}\/[A-Za-z0-9]{20}$/,
    );

    // Saving the progress links the anonymous learner to a new account.
    await learner.getByRole('button', { name: 'Save your progress' }).click();
    const save = learner.getByRole('dialog', { name: 'Save your progress' });
    await save.getByLabel(/^First Name/).fill('Lena');
    await save.getByLabel(/^Last Name/).fill('Learner');
    await save.getByLabel(/^Email/).fill(uniqueEmail('learner'));
    await save.getByLabel(/^Password/).fill('learner-password-1');
    await save.getByRole('button', { name: 'Create account' }).click();
    await expect(save).toBeHidden();
    await expect(learner.getByRole('button', { name: 'Save your progress' })).toHaveCount(0);
    await learner.reload();
    await expect(learner.getByText('2 of 3 topics completed')).toBeVisible();
    await expect(learner.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
    await learnerContext.close();

    // The author's analytics: one learner, two topics completed once.
    await page.goto(`/courses/${courseId}/analytics`);
    const figures = page.locator('dl[aria-label="Learner figures"]');
    await expect(figures).toContainText('Learners who started1');
    await expect(figures).toContainText('Learners who completed the course0');
    // The table readers get (drawn off-screen unless the author asks for it).
    const perTopic = page.getByRole('table', { name: 'Learners who completed each topic' });
    for (const [topic, learners] of [
      ['Sides', 1],
      ['Angles', 1],
      ['Area', 0],
    ] as const) {
      await expect(
        perTopic.getByRole('row', { name: `${topic} Basics Shapes ${learners}` }),
      ).toHaveCount(1);
    }

    // Unpublish: the link stops working for everyone.
    await page.goto(`/courses/${courseId}/subjects`);
    await page.getByRole('button', { name: 'Unpublish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unpublish course' });
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(learnPath);
    await expect(visitor.getByText('This course is not available.')).toBeVisible();
  });
});
