import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * A lesson with everything the lesson view renders: inline and display math (a `cases`
 * equation), a table, a Mermaid diagram and a citation (a footnote, listed under Sources).
 */
export const RICH_LESSON = [
  '## Right triangles',
  '',
  'In a right triangle with legs $a$ and $b$ and hypotenuse $c$, $a^2 + b^2 = c^2$.',
  '',
  '$$',
  '\\operatorname{sign}(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & x = 0 \\\\ -1 & x < 0 \\end{cases}',
  '$$',
  '',
  '| Leg $a$ | Leg $b$ | Hypotenuse $c$ |',
  '| --- | --- | --- |',
  '| 3 | 4 | 5 |',
  '| 5 | 12 | 13 |',
  '',
  '```mermaid',
  'graph LR',
  '  A[Measure the legs] --> B[Square and add]',
  '  B --> C[Take the square root]',
  '```',
  '',
  'The theorem is older than Pythagoras.[^1]',
  '',
  '[^1]: Geometry Notes.pdf, page 4: "Babylonian tablets list such triples a thousand years earlier."',
].join('\n');

/** The link of RICH_LESSON's citation and the id of its entry under Sources, in a lesson shown with `idPrefix`. */
export const richLessonCitation = (idPrefix: string) => ({
  name: '1',
  entryId: `user-content-${idPrefix}-fn-1`,
  quote: 'Babylonian tablets list such triples a thousand years earlier.',
});

/**
 * Adds a chapter, a topic and the topic's lesson to a subject through the API (as the holder
 * of `idToken`) and returns the outline page's address showing that lesson.
 */
export async function addLesson(
  request: APIRequestContext,
  idToken: string,
  subjectPath: string,
  markdown: string,
): Promise<string> {
  const headers = { authorization: `Bearer ${idToken}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return (await response.json()) as { id?: string };
  };
  const chapter = await post(`${subjectPath}/chapters`, { name: 'Right triangles' });
  const chapterPath = `${subjectPath}/chapters/${chapter.id}`;
  const topic = await post(`${chapterPath}/topics`, { name: 'Pythagoras' });
  await post(`${chapterPath}/topics/${topic.id}/content`, { content: markdown });
  return `${subjectPath}/content/${topic.id}`;
}

/**
 * A manual course with a subject "Triangles" whose one lesson is `markdown`, made through the
 * API as the holder of `idToken`: its id and the lesson's outline page.
 */
export async function courseWithLesson(
  request: APIRequestContext,
  idToken: string,
  course: { name: string; description?: string },
  markdown: string,
): Promise<{ courseId: string; lessonPath: string }> {
  const headers = { authorization: `Bearer ${idToken}` };
  const created = await request.post('/api/courses/create-manual', { headers, data: course });
  expect(created.status(), 'POST /courses/create-manual').toBe(201);
  const courseId = ((await created.json()) as { id: string }).id;
  const subject = await request.post(`/api/courses/${courseId}/subjects`, {
    headers,
    data: { name: 'Triangles' },
  });
  expect(subject.status(), 'POST subjects').toBe(201);
  const subjectPath = `/courses/${courseId}/subjects/${((await subject.json()) as { id: string }).id}`;
  const lessonPath = await addLesson(request, idToken, subjectPath, markdown);
  return { courseId, lessonPath };
}

/** Waits until the lesson's math has been typeset by KaTeX and its Mermaid diagram drawn. */
export async function expectLessonRendered(page: Page): Promise<void> {
  const lesson = page.locator('.markdown-body');
  await expect(lesson.locator('.katex').first()).toBeVisible();
  await expect(lesson.locator('.katex-display').first()).toBeVisible();
  await expect(lesson.getByRole('table')).toBeVisible();
  await expect(lesson.getByRole('img', { name: 'Diagram' }).locator('svg')).toBeVisible();
}

/** The version buttons of a History dialog, newest first. */
export const lessonVersions = (dialog: Locator) =>
  dialog.getByRole('list', { name: 'Versions' }).getByRole('button');

/**
 * Restores the version open in a History dialog and closes it, checking that the restore became
 * the newest version, marked Restored and Current, of `versionsAfter`.
 */
export async function restoreOpenVersion(history: Locator, versionsAfter: number) {
  const restore = history.getByRole('button', { name: 'Restore', exact: true });
  await restore.click();
  await expect(lessonVersions(history)).toHaveCount(versionsAfter);
  await expect(lessonVersions(history).nth(0)).toContainText('Restored');
  await expect(lessonVersions(history).nth(0)).toContainText('Current');
  await expect(restore).toBeDisabled();
  await history.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(history).toBeHidden();
}
