import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpAndLogIn } from './support/accounts';

const fakeGemini = process.env.GOOGLE_GEMINI_BASE_URL ?? '';

async function queueGeminiFaults(...faults: object[]) {
  await fetch(`${fakeGemini}/__fake/faults`, { method: 'POST', body: JSON.stringify({ faults }) });
}

async function saveApiKey(page: Page, apiKey: string) {
  await page.goto('/profile');
  await page.getByLabel('Google API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Save API Key' }).click();
  await expect(page.getByText('Your Google API key was saved.')).toBeVisible();
}

test.describe('AI generation (fake Gemini)', () => {
  test('describe a course, generate subjects, chapters and topics', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpAndLogIn(page, 'ai-author', { firstName: 'Gemma', lastName: 'Author' });
    await saveApiKey(page, 'AIza-e2e-author-key');

    await page.goto('/create-course');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Course' })).toBeVisible();
    await page.getByLabel('Course Description').fill('An introduction to "Organic Chemistry"');
    await page.getByRole('button', { name: 'Generate Course from Text' }).click();
    await expect(page).toHaveURL('/courses');
    const card = page.getByRole('listitem').filter({ hasText: 'Organic Chemistry' });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: /^Generate subjects of / }).click();
    await expect(page).toHaveURL(/\/courses\/[A-Za-z0-9]+\/subjects$/);
    await expect(page.getByRole('heading', { level: 2, name: /^Subject 1: / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Subjects' })).toBeVisible();

    await page.getByRole('link', { name: 'View Content' }).first().click();
    await page.getByRole('button', { name: 'Generate Chapters' }).click();
    await expect(page.getByRole('button', { name: 'Update Chapters' })).toBeVisible();
    const secondChapter = page.getByRole('button', { name: /^Chapter 2: / });
    await secondChapter.click();
    await expect(secondChapter).toHaveAttribute('aria-expanded', 'true');
    // Expanding a chapter without topics generates them and selects the first.
    await expect(page.getByRole('heading', { level: 1, name: /^Topic 1: / })).toBeVisible();
    await expect(page).toHaveURL(/\/content\/[A-Za-z0-9]+$/);
    await expect(page.getByRole('button', { name: 'Update Topics' })).toBeVisible();

    // The lesson streams in, then is stored and rendered with its math and diagram.
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const lesson = page.locator('.markdown-body');
    await expect(lesson.getByRole('heading', { level: 2, name: /^Topic 1: / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Content' })).toBeEnabled();
    await expect(lesson.locator('.katex-display')).toHaveCount(1);
    await expect(lesson.getByRole('img', { name: 'Diagram' }).locator('svg')).toBeVisible();
    await page.reload();
    await expect(page.locator('.markdown-body .katex').first()).toBeVisible({ timeout: 30_000 });
  });

  test('the subjects and chapters screen generates chapters and topics; the outline page generates the opened chapter’s topics', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndLogIn(page, 'ai-planner', { firstName: 'Tess', lastName: 'Planner' });
    await saveApiKey(page, `AIza-e2e-planner-${Date.now()}`);
    await page.goto('/create-course');
    await page.getByLabel('Course Name').fill('Physics');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page).toHaveURL('/courses');
    await page.getByRole('button', { name: 'Generate subjects of Physics' }).click();
    await expect(page).toHaveURL(/\/subjects$/);
    const subjectsUrl = page.url();

    // Reached from the subjects screen by its link.
    await page.getByRole('link', { name: 'Subjects and Chapters' }).click();
    await expect(page).toHaveURL(/\/subjects-chapters$/);
    const screenUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'Physics' })).toBeVisible();
    await expect(page.getByText('Please select a subject to view its chapters.')).toBeVisible();

    const subjects = page.getByRole('region', { name: 'Subjects' }).getByRole('listitem');
    const firstSubject = subjects.first();
    await expect(firstSubject.getByRole('button', { name: 'View Chapters' })).toHaveCount(0);
    await firstSubject.getByRole('button', { name: 'Generate Chapters' }).click();
    const chapterPanel = page.getByRole('region', { name: /^Chapters of Subject 1: / });
    await expect(chapterPanel.getByText(/^Chapter 1: /)).toBeVisible();
    await expect(firstSubject.getByRole('button', { name: 'View Chapters' })).toBeVisible();
    await firstSubject.getByRole('button', { name: 'Update' }).click();
    // Regenerating a list that has items asks first, saying what it replaces.
    const chaptersDialog = page.getByRole('dialog', { name: 'Regenerate chapters?' });
    await expect(
      chaptersDialog.getByText(/^This replaces the \d+ chapters? of Subject 1: /),
    ).toBeVisible();
    await chaptersDialog.getByRole('button', { name: 'Regenerate' }).click();
    await expect(chaptersDialog).toHaveCount(0);
    await expect(firstSubject.getByRole('button', { name: 'Update' })).toBeEnabled();
    await expect(chapterPanel.getByText(/^Chapter 1: /)).toBeVisible();

    // Viewing a chapter without topics generates them first.
    const chapters = chapterPanel.getByRole('listitem');
    await expect(chapters.first().getByRole('button', { name: 'Generate Topics' })).toBeVisible();
    await chapters.first().getByRole('button', { name: 'View Topics' }).click();
    const firstTopics = page.getByRole('region', { name: /^Topics of Chapter 1: / });
    await expect(firstTopics.getByRole('link', { name: /^Topic 1: / })).toBeVisible();
    await expect(chapters.first().getByRole('button', { name: 'Update Topics' })).toBeVisible();

    await chapters.nth(1).getByRole('button', { name: 'Generate Topics' }).click();
    const secondTopics = page.getByRole('region', { name: /^Topics of Chapter 2: / });
    await expect(secondTopics.getByRole('link', { name: /^Topic 1: / })).toBeVisible();
    await chapters.nth(1).getByRole('button', { name: 'Update Topics' }).click();
    const topicsDialog = page.getByRole('dialog', { name: 'Regenerate topics?' });
    await expect(
      topicsDialog.getByText(
        /^This replaces the \d+ topics? of Chapter 2: .*cannot be restored\.$/,
      ),
    ).toBeVisible();
    await topicsDialog.getByRole('button', { name: 'Regenerate' }).click();
    await expect(topicsDialog).toHaveCount(0);
    await expect(chapters.nth(1).getByRole('button', { name: 'Update Topics' })).toBeEnabled();
    await expect(secondTopics.getByRole('link', { name: /^Topic 2: / })).toBeVisible();

    // A topic opens its lesson on the outline page.
    await secondTopics.getByRole('link', { name: /^Topic 2: / }).click();
    await expect(page).toHaveURL(/\/content\/[A-Za-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Topic 2: / })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Chapter 2: / })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText('No content available for this topic yet.')).toBeVisible();

    // The outline page of a subject whose chapters have no topics: the chapter that opens by
    // itself gets its topics generated, and the first is selected.
    await page.goto(screenUrl);
    const secondSubject = page
      .getByRole('region', { name: 'Subjects' })
      .getByRole('listitem')
      .nth(1);
    await secondSubject.getByRole('button', { name: 'Generate Chapters' }).click();
    await expect(secondSubject.getByRole('button', { name: 'Update' })).toBeVisible();
    await page.goto(subjectsUrl);
    await page.getByRole('link', { name: 'View Content' }).nth(1).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Topic 1: / })).toBeVisible();
    await expect(page).toHaveURL(/\/content\/[A-Za-z0-9]+$/);
    await expect(page.getByRole('button', { name: /^Chapter 1: / })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Update Topics' })).toBeVisible();
  });

  test('a quota fault says so and keeps what was there', async ({ page }) => {
    await signUpAndLogIn(page, 'ai-quota', { firstName: 'Quinn', lastName: 'Quota' });
    const apiKey = `AIza-e2e-quota-${Date.now()}`;
    await saveApiKey(page, apiKey);
    await page.goto('/create-course');
    await page.getByLabel('Course Name').fill('Statistics');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page).toHaveURL('/courses');

    await queueGeminiFaults({ status: 429, apiKey });
    await page.getByRole('button', { name: 'Generate subjects of Statistics' }).click();
    await expect(
      page.getByText('Your Google API quota is used up for now. Please try again later.'),
    ).toBeVisible();
    await expect(page).toHaveURL('/courses');
    await expect(
      page.getByRole('button', { name: 'Generate subjects of Statistics' }),
    ).toBeEnabled();
  });

  test('course and subject covers are drawn, stored and shown', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpAndLogIn(page, 'ai-painter', { firstName: 'Pia', lastName: 'Painter' });
    await expect(
      page.getByText('Offline demo: AI answers come from a local fake Gemini, not from Google.'),
    ).toBeVisible();
    await page.goto('/create-course');
    await page.getByLabel('Course Name').fill('Astronomy');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page).toHaveURL('/courses');
    // Without a key there is no image button.
    await expect(page.getByRole('heading', { level: 2, name: 'Astronomy' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate image for Astronomy' })).toHaveCount(0);

    await saveApiKey(page, `AIza-e2e-painter-${Date.now()}`);
    await page.goto('/courses');
    const card = page.getByRole('listitem').filter({ hasText: 'Astronomy' });
    await card.getByRole('button', { name: 'Generate image for Astronomy' }).click();
    await expectImageShown(card.locator('img'));

    await card.getByRole('button', { name: 'Generate subjects of Astronomy' }).click();
    await expect(page).toHaveURL(/\/subjects$/);
    const subjectCards = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'View Content' }) });
    await expect(subjectCards.first()).toBeVisible();
    const count = await subjectCards.count();
    await expect(page.locator('main img')).toHaveCount(0);
    await page.getByRole('button', { name: 'Generate Images' }).click();
    await expect(page.locator('main img')).toHaveCount(count);
    for (const image of await page.locator('main img').all()) await expectImageShown(image);

    // One subject's cover again: a new, cache-busted URL.
    const firstImage = subjectCards.first().locator('img');
    const before = await firstImage.getAttribute('src');
    await subjectCards
      .first()
      .getByRole('button', { name: /^Generate image for / })
      .click();
    await expect(firstImage).not.toHaveAttribute('src', before ?? '');
    await expect(firstImage).toHaveAttribute('src', /[?&]t=\d+/);
    await expectImageShown(firstImage);
  });

  test('a spoken description becomes a course (Chromium’s fake microphone)', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpAndLogIn(page, 'ai-speaker', { firstName: 'Vox', lastName: 'Speaker' });
    const apiKey = `AIza-e2e-speaker-${Date.now()}`;
    await saveApiKey(page, apiKey);
    await page.goto('/create-course');

    const record = async () => {
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await expect(page.getByText('Recording... Speak clearly about your course')).toBeVisible();
      await expect(page.getByText('00:01')).toBeVisible();
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      await expect(page.getByText('Audio recorded successfully')).toBeVisible();
    };
    await expect(page.getByRole('button', { name: 'Stop Recording' })).toBeDisabled();
    await record();
    await expect(page.getByRole('button', { name: 'Generate Course from Text' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('Audio recorded successfully')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Generate Course from Text' })).toBeVisible();

    await record();
    await page.getByRole('button', { name: 'Generate Course from Audio' }).click();
    await expect(page).toHaveURL('/courses');
    await expect(page.getByRole('heading', { level: 2, name: /Spoken Course/ })).toBeVisible();

    // What reached Gemini: one 16 kHz mono WAV of at least a second of sound.
    const [wav] = await audioSentWith(apiKey);
    expect(wav?.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav?.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav?.readUInt16LE(22)).toBe(1);
    expect(wav?.readUInt32LE(24)).toBe(16_000);
    expect(wav?.length ?? 0).toBeGreaterThanOrEqual(44 + 32_000);
    const samples = new Int16Array(new Uint8Array(wav?.subarray(44) ?? []).buffer);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(1000);
  });

  test('a denied microphone says so', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await signUpAndLogIn(page, 'ai-muted', { firstName: 'Mute', lastName: 'Speaker' });
    await page.goto('/create-course');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect(
      page.getByText('Unable to access microphone. Please check permissions.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Recording' })).toBeEnabled();
  });
});

interface FakeGeminiRequest {
  apiKey: string | null;
  body: { contents: { parts: { inlineData?: { mimeType: string; data: string } }[] }[] };
}

/** The audio the fake Gemini received with `apiKey`'s requests. */
async function audioSentWith(apiKey: string): Promise<Buffer[]> {
  const requests = (await (
    await fetch(`${fakeGemini}/__fake/requests`)
  ).json()) as FakeGeminiRequest[];
  return requests
    .filter((request) => request.apiKey === apiKey)
    .flatMap((request) => request.body.contents.flatMap((content) => content.parts))
    .flatMap((part) => (part.inlineData?.mimeType === 'audio/wav' ? [part.inlineData.data] : []))
    .map((data) => Buffer.from(data, 'base64'));
}

/** The image has a source and the browser decoded it (a broken one has no natural width). */
async function expectImageShown(image: Locator) {
  await expect(image).toHaveAttribute('src', /[?&]t=\d+/);
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
}
