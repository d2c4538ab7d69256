import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { idTokenFor, signUpAndLogIn } from './support/accounts';
import { seriousViolations } from './support/axe';
import { lessonVersions, restoreOpenVersion } from './support/lesson';

/**
 * Lesson history: a lesson written through the API, edited in the outline page, then the older
 * version previewed and restored from History, on the outline page and on the topic page.
 */

const OLD_LESSON = '## Tidal forces\n\nThe Moon pulls with $F = G\\frac{m_1 m_2}{r^2}$.';
const NEW_LESSON = '## Rewritten\n\nA shorter text.';

/** A course with one subject, chapter and topic with a lesson; answers the pages' addresses. */
async function buildTopic(request: APIRequestContext, idToken: string) {
  const headers = { authorization: `Bearer ${idToken}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const course = await post('/courses/create-manual', { name: 'Oceans' });
  const subject = await post(`/courses/${course}/subjects`, { name: 'Tides' });
  const chapter = await post(`/courses/${course}/subjects/${subject}/chapters`, { name: 'Moon' });
  const topics = `/courses/${course}/subjects/${subject}/chapters/${chapter}/topics`;
  const topic = await post(topics, { name: 'Gravity' });
  await post(`${topics}/${topic}/content`, { content: OLD_LESSON });
  return {
    outlinePath: `/courses/${course}/subjects/${subject}/content/${topic}`,
    topicPath: `${topics}/${topic}/content`,
  };
}

const historyDialog = (page: Page) => page.getByRole('dialog', { name: /^History\s*Gravity$/ });

test.describe('lesson history', () => {
  test('an edited lesson keeps its older version, which History previews and restores', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const author = await signUpAndLogIn(page, 'historian', {
      firstName: 'Hal',
      lastName: 'Historian',
    });
    const { outlinePath, topicPath } = await buildTopic(
      request,
      await idTokenFor(author.email, author.password),
    );

    await page.goto(outlinePath);
    const lesson = page.getByRole('main');
    await expect(lesson.getByRole('heading', { level: 2, name: 'Tidal forces' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Content' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await edit.getByLabel('Content (Markdown)').fill(NEW_LESSON);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(lesson.getByRole('heading', { level: 2, name: 'Rewritten' })).toBeVisible();

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = historyDialog(page);
    await expect(lessonVersions(history)).toHaveCount(2);
    await expect(lessonVersions(history).nth(0)).toContainText('Edited');
    await expect(lessonVersions(history).nth(0)).toContainText('Current');
    await expect(lessonVersions(history).nth(1)).not.toContainText('Current');
    await expect(history.getByRole('heading', { name: 'Rewritten' })).toBeVisible();
    await expect(history.getByRole('button', { name: 'Restore', exact: true })).toBeDisabled();

    await lessonVersions(history).nth(1).click();
    await expect(history.getByRole('heading', { name: 'Tidal forces' })).toBeVisible();
    await expect(history.locator('.katex')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await restoreOpenVersion(history, 3);
    await expect(lesson.getByRole('heading', { level: 2, name: 'Tidal forces' })).toBeVisible();
    await expect(lesson.getByRole('heading', { name: 'Rewritten' })).toBeHidden();

    // The topic page, on a phone: the same three versions, the list above the preview.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(topicPath);
    await expect(page.getByRole('heading', { level: 2, name: 'Tidal forces' })).toBeVisible();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(lessonVersions(history)).toHaveCount(3);
    await expect(lessonVersions(history).nth(0)).toContainText('Restored');
    await expect(lessonVersions(history).nth(1)).toContainText('Edited');
    await expect(lessonVersions(history).nth(2)).toContainText('Edited');
    await expect(history.getByRole('heading', { name: 'Tidal forces' })).toBeVisible();
    // Polled: a node re-rendered between finding and measuring it has no box (seen once in CI).
    await expect
      .poll(async () => {
        const list = await history.getByRole('list', { name: 'Versions' }).boundingBox();
        const preview = await history.getByRole('heading', { name: 'Tidal forces' }).boundingBox();
        return list !== null && preview !== null && preview.y >= list.y + list.height;
      }, 'the version list above the preview')
      .toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
  });
});
