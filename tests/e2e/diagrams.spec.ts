import { expect, test, type APIRequestContext } from '@playwright/test';
import { idTokenFor, signUpAndLogIn } from './support/accounts';

const FLOW = 'graph LR\n  A[Question] --> B{Known?}\n  B -->|Yes| C[Answer]';
const SEQUENCE = 'sequenceDiagram\n  Author->>Learner: Lesson';
const PIE = 'pie title Votes\n  "Yes": 3\n  "No": 2';
const BROKEN = 'graph LR\n  A --> ((( broken';
const fenced = (source: string) => `\`\`\`mermaid\n${source}\n\`\`\``;

/** A course with two lessons: two diagrams in the first, one and a broken one in the second. */
async function buildCourse(request: APIRequestContext, idToken: string) {
  const headers = { authorization: `Bearer ${idToken}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return ((await response.json()) as { id?: string }).id ?? '';
  };
  const course = await post('/courses/create-manual', {
    name: 'Diagrams Drawn',
    description: 'Lessons with diagrams.',
  });
  const subject = await post(`/courses/${course}/subjects`, { name: 'Pictures' });
  const chapter = await post(`/courses/${course}/subjects/${subject}/chapters`, { name: 'Flow' });
  const topics = `/courses/${course}/subjects/${subject}/chapters/${chapter}/topics`;
  const first = await post(topics, { name: 'Flows' });
  await post(`${topics}/${first}/content`, {
    content: `## Flows\n\n${fenced(FLOW)}\n\nThen a sequence.\n\n${fenced(SEQUENCE)}\n`,
  });
  const second = await post(topics, { name: 'Votes' });
  await post(`${topics}/${second}/content`, {
    content: `## Votes\n\n${fenced(PIE)}\n\n${fenced(BROKEN)}\n`,
  });
  return { course, first, headers };
}

test('Publish draws the course’s diagrams in the author’s browser; the learner page holds them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const author = await signUpAndLogIn(page, 'diagrams', { firstName: 'Dora', lastName: 'Drawer' });
  const { course, first, headers } = await buildCourse(
    request,
    await idTokenFor(author.email, author.password),
  );

  // The first lesson's upload waits until the test has seen the progress.
  let releaseUpload: () => void = () => {};
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  let uploads = 0;
  await page.route('**/api/courses/*/subjects/*/chapters/*/topics/*/diagrams', async (route) => {
    uploads += 1;
    if (uploads === 1) await uploadHeld;
    await route.continue();
  });

  await page.goto(`/courses/${course}/subjects`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish course' });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Drawing diagrams 2 of 4');
  await expect(dialog.getByRole('button', { name: 'Publishing...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  releaseUpload();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(
    page.getByText('One diagram could not be drawn: learners see it as text.'),
  ).toBeVisible();
  expect(uploads).toBe(2);

  const stored = await request.get(`/api/courses/${course}/diagrams`, { headers });
  expect(((await stored.json()) as { keys: string[] }).keys).toHaveLength(3);

  const shareLink = page.getByRole('link', { name: /\/learn\/[A-Za-z0-9_-]{16}$/ });
  const learnPath = new URL((await shareLink.getAttribute('href')) ?? '').pathname;
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto(`${learnPath}/${first}`);
  const drawn = learner.locator('figure.diagram:not(.diagram-undrawn)');
  await expect(drawn).toHaveCount(2);
  await expect(drawn.first().locator('.diagram-light svg text').first()).toBeAttached();
  await expect(drawn.first().locator('.diagram-dark svg')).toBeAttached();
  await expect(learner.locator('figure.diagram foreignObject')).toHaveCount(0);
  await learnerContext.close();

  // Publish changes with nothing new to draw uploads nothing.
  await page.getByRole('button', { name: 'Publish changes' }).click();
  const changes = page.getByRole('dialog', { name: 'Publish changes' });
  await changes.getByRole('button', { name: 'Publish changes' }).click();
  await expect(changes).toBeHidden({ timeout: 60_000 });
  expect(uploads).toBe(2);
});
