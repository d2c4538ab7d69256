import { expect, test, type Page, type Response } from '@playwright/test';
import { logIn, signUpAndLogIn } from './support/accounts';
import { lessonVersions, restoreOpenVersion } from './support/lesson';

/**
 * Generate Whole Course as a job: started on the subjects screen of a course with settings, it
 * keeps running when the page is closed, shows its progress again on a new page, and fills the
 * course; then a lesson it wrote is regenerated with an instruction, and History restores the
 * job's version.
 */

const fakeGemini = process.env.GOOGLE_GEMINI_BASE_URL ?? '';

const COURSE = 'Tides';
const INSTRUCTION = 'explain with a cooking analogy';
const SETTINGS = {
  audience: 'first-year oceanography students',
  level: 'Advanced',
  language: 'Español',
  tone: 'Academic',
  lessonLength: 'Long',
};

interface FakeGeminiRequest {
  apiKey: string | null;
  kind: string;
  body: { contents: { parts: { text?: string }[] }[] };
}

/**
 * Slows down every answer to `apiKey`'s requests (up to `count` of them) by `delayMs`: one
 * delay fault per request, so tests running beside this one keep a fast fake Gemini.
 */
async function slowGeminiFor(apiKey: string, delayMs: number, count: number) {
  const faults = Array.from({ length: count }, () => ({ apiKey, delayMs }));
  const response = await fetch(`${fakeGemini}/__fake/faults`, {
    method: 'POST',
    body: JSON.stringify({ faults }),
  });
  expect(response.ok).toBe(true);
}

/** The prompts of the text (lesson) requests the fake Gemini received with `apiKey`, in order. */
async function lessonPromptsSentWith(apiKey: string): Promise<string[]> {
  const requests = (await (
    await fetch(`${fakeGemini}/__fake/requests`)
  ).json()) as FakeGeminiRequest[];
  return requests
    .filter((request) => request.apiKey === apiKey && request.kind === 'text')
    .map((request) =>
      request.body.contents
        .flatMap((content) => content.parts.map((part) => part.text ?? ''))
        .join(''),
    );
}

async function saveApiKey(page: Page, apiKey: string) {
  await page.goto('/profile');
  await page.getByLabel('Google API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Save API Key' }).click();
  await expect(page.getByText('Your Google API key was saved.')).toBeVisible();
}

/** Creates the course with every setting given, by hand, and opens its subjects screen. */
async function createCourseWithSettings(page: Page): Promise<string> {
  await page.goto('/create-course');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Course' })).toBeVisible();
  await page.getByRole('button', { name: 'Course settings (optional)' }).click();
  await page.getByRole('textbox', { name: 'Audience' }).fill(SETTINGS.audience);
  await page.getByRole('combobox', { name: 'Level' }).selectOption(SETTINGS.level);
  await page.getByRole('textbox', { name: 'Language' }).fill(SETTINGS.language);
  await page.getByRole('combobox', { name: 'Tone' }).fill(SETTINGS.tone);
  await page.getByRole('combobox', { name: 'Lesson length' }).selectOption(SETTINGS.lessonLength);
  await page.getByLabel('Course Name').fill(COURSE);
  await page.getByRole('button', { name: 'Create Course' }).click();
  await expect(page).toHaveURL('/courses');
  await page.getByRole('link', { name: COURSE, exact: true }).click();
  await expect(page).toHaveURL(/\/courses\/[A-Za-z0-9]+\/subjects$/);
  return new URL(page.url()).pathname;
}

const jobPanel = (page: Page) => page.getByRole('region', { name: 'Course generation' });
const jobStatus = (page: Page) => jobPanel(page).getByRole('status');

/** 'Generating course: 3 of 21 steps' → { done: 3, total: 21 }. */
function stepsOf(statusText: string | null): { done: number; total: number } {
  const match = /(\d+) of (\d+) steps/.exec(statusText ?? '');
  if (!match) throw new Error(`No step counts in ${JSON.stringify(statusText)}`);
  return { done: Number(match[1]), total: Number(match[2]) };
}

/** The answer to the page's GET of the course's latest job. */
const latestJobResponse = (page: Page, courseId: string) =>
  page.waitForResponse(
    (response: Response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === `/api/courses/${courseId}/jobs`,
  );

/** A topic's row in the outline's sidebar, found by its name after its content dot. */
const topicButton = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('button', { name: new RegExp(`(Has content|No content yet)\\s*${name}$`) });

const lessonHeading = (page: Page, name: string) =>
  page.locator('.markdown-body').getByRole('heading', { level: 2, name, exact: true });

test.describe('Generate Whole Course (job)', () => {
  test('runs on after the page closes, fills the course, and its lessons regenerate and restore', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const author = await signUpAndLogIn(page, 'job-author', {
      firstName: 'Jo',
      lastName: 'Builder',
    });
    const apiKey = `AIza-e2e-job-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await saveApiKey(page, apiKey);
    const subjectsPath = await createCourseWithSettings(page);
    const courseId = subjectsPath.split('/')[2] ?? '';

    // Slow enough that the page can be closed while the job runs.
    await slowGeminiFor(apiKey, 400, 150);

    const startAnswer = page.waitForResponse(
      (response: Response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `/api/courses/${courseId}/generate_all`,
    );
    const start = page.getByRole('button', { name: 'Generate Whole Course' });
    await start.click();
    const started = await startAnswer;
    expect(started.status()).toBe(202);
    const { job_id: jobId } = (await started.json()) as { job_id: string };

    const panel = jobPanel(page);
    await expect(jobStatus(page)).toHaveText(/^Generating course: \d+ of \d+ steps$/);
    await expect(
      panel.getByRole('progressbar', { name: 'Course generation progress' }),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expect(start).toBeDisabled();

    // Some steps done, more to come: the page goes away mid-job.
    await expect(jobStatus(page)).toHaveText(/^Generating course: [1-9]\d* of \d+ steps$/);
    const beforeClose = stepsOf(await jobStatus(page).textContent());
    expect(beforeClose.done).toBeLessThan(beforeClose.total);
    await page.close();

    // A new tab: the session was not remembered, so the author signs in and comes back.
    const again = await context.newPage();
    const latestAnswer = latestJobResponse(again, courseId);
    await again.goto(subjectsPath);
    await expect(again).toHaveURL(`/auth?returnUrl=${encodeURIComponent(subjectsPath)}`);
    await logIn(again, author.email, author.password);
    await expect(again).toHaveURL(subjectsPath);
    const { job } = (await (await latestAnswer).json()) as {
      job: { id: string; status: string; done: number } | null;
    };
    expect(job?.id).toBe(jobId);
    expect(['running', 'finished']).toContain(job?.status);
    expect(job?.done ?? 0).toBeGreaterThanOrEqual(beforeClose.done);
    await expect(jobStatus(again)).toHaveText(
      /^(Generating course: \d+ of \d+ steps|Course generated: \d+ of \d+ steps\.)$/,
    );

    // The same job ends with every step done.
    await expect(jobStatus(again)).toHaveText(/^Course generated: (\d+) of \1 steps\.$/, {
      timeout: 120_000,
    });
    const finished = stepsOf(await jobStatus(again).textContent());
    expect(finished.total).toBeGreaterThanOrEqual(beforeClose.total);
    const levels = jobPanel(again).getByRole('list', { name: 'Steps per level' });
    await expect(levels.getByRole('listitem')).toHaveText([
      'Subjects 1 of 1',
      /^Chapters (\d+) of \1$/,
      /^Topics (\d+) of \1$/,
      /^Lessons (\d+) of \1$/,
    ]);
    await expect(jobPanel(again).getByRole('progressbar')).toHaveCount(0);
    await expect(jobPanel(again).getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await expect(again.getByRole('button', { name: 'Generate Whole Course' })).toBeEnabled();

    // The subjects it wrote are on the screen.
    const subjectCards = again
      .getByRole('listitem')
      .filter({ has: again.getByRole('link', { name: 'View Content' }) });
    await expect(subjectCards.first()).toBeVisible();
    expect(await subjectCards.count()).toBeGreaterThan(0);
    await expect(
      again.getByRole('heading', { level: 2, name: `Subject 1: ${COURSE}`, exact: true }),
    ).toBeVisible();

    // Every lesson was asked for with the course's settings.
    const jobPrompts = await lessonPromptsSentWith(apiKey);
    expect(jobPrompts.length).toBeGreaterThan(0);
    for (const prompt of jobPrompts) {
      expect(prompt).toContain(`Audience: "${SETTINGS.audience}".`);
      expect(prompt).toContain(`Level: ${SETTINGS.level};`);
      expect(prompt).toContain(`Tone: "${SETTINGS.tone}".`);
      expect(prompt).toContain(`Write in "${SETTINGS.language}".`);
      expect(prompt).toContain('about 1200 to 2500 words');
    }

    // The lessons it wrote: the outline page opens on the first topic.
    await subjectCards.first().getByRole('link', { name: 'View Content' }).click();
    const chapter1 = `Chapter 1: Subject 1: ${COURSE}`;
    const chapter2 = `Chapter 2: Subject 1: ${COURSE}`;
    const firstTopic = `Topic 1: ${chapter1}`;
    const secondTopic = `Topic 2: ${chapter1}`;
    const topic = `Topic 1: ${chapter2}`;
    await expect(again.getByRole('heading', { level: 1, name: firstTopic })).toBeVisible();
    await expect(lessonHeading(again, firstTopic)).toBeVisible();
    await topicButton(again, secondTopic).click();
    await expect(again.getByRole('heading', { level: 1, name: secondTopic })).toBeVisible();
    await expect(lessonHeading(again, secondTopic)).toBeVisible();
    await again.getByRole('button', { name: chapter2, exact: true }).click();
    await topicButton(again, topic).click();
    await expect(again.getByRole('heading', { level: 1, name: topic })).toBeVisible();
    await expect(lessonHeading(again, topic)).toBeVisible();
    await expect(again.getByText(`This lesson introduces ${topic}.`)).toBeVisible();

    // The fake Gemini writes a lesson from its topic's name: renamed first, the topic's
    // regenerated lesson differs from the job's.
    const renamed = 'Tide tables';
    await again.getByRole('button', { name: `Edit topic ${topic}`, exact: true }).click();
    const editTopic = again.getByRole('dialog', { name: 'Edit Topic' });
    await editTopic.getByLabel('Topic Name').fill(renamed);
    await editTopic.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editTopic).toBeHidden();
    await expect(again.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(lessonHeading(again, topic)).toBeVisible();

    await again
      .getByRole('button', { name: `Regenerate with instructions: the lesson ${renamed}` })
      .click();
    const regenerate = again.getByRole('dialog', {
      name: `Regenerate the lesson ${renamed} with instructions`,
    });
    await regenerate.getByLabel('What should change?').fill(INSTRUCTION);
    await regenerate.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await expect(regenerate).toBeHidden();
    await expect(lessonHeading(again, renamed)).toBeVisible();
    await expect(lessonHeading(again, topic)).toHaveCount(0);
    const lastPrompt = (await lessonPromptsSentWith(apiKey)).at(-1);
    expect(lastPrompt).toContain(`The author wants this changed: "${INSTRUCTION}"`);
    expect(lastPrompt).toContain(`## ${topic}`);

    // History: the job's version and the regenerated one; the job's is restored.
    await again.getByRole('button', { name: 'History', exact: true }).click();
    const history = again.getByRole('dialog', { name: /^History/ });
    await expect(lessonVersions(history)).toHaveCount(2);
    await expect(lessonVersions(history).nth(0)).toContainText('Generated');
    await expect(lessonVersions(history).nth(0)).toContainText('Current');
    await expect(lessonVersions(history).nth(1)).toContainText('Generated');
    await expect(lessonVersions(history).nth(1)).not.toContainText('Current');
    await expect(
      history.getByRole('heading', { level: 2, name: renamed, exact: true }),
    ).toBeVisible();
    await lessonVersions(history).nth(1).click();
    await expect(
      history.getByRole('heading', { level: 2, name: topic, exact: true }),
    ).toBeVisible();
    await expect(history.getByText(`This lesson introduces ${topic}.`)).toBeVisible();

    await restoreOpenVersion(history, 3);
    await expect(lessonHeading(again, topic)).toBeVisible();
    await expect(again.getByText(`This lesson introduces ${topic}.`)).toBeVisible();
    await expect(lessonHeading(again, renamed)).toHaveCount(0);
  });
});
