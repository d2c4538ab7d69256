import { expect, test, type Page } from '@playwright/test';
import { pdfWithPages } from '../fixtures/source-files';
import { signUpAndLogIn } from './support/accounts';

const fakeGemini = process.env.GOOGLE_GEMINI_BASE_URL ?? '';

// Each page opens with a sentence found nowhere else, so a quote names the page it came from.
const SENTENCES = [
  'The keeper trims the lamp wick at dusk and again at midnight.',
  'Fog signals sound every thirty seconds while the horizon is hidden.',
  'Brass fittings on the lantern gallery are polished with chalk paste.',
];
const PAGES = SENTENCES.map(
  (sentence, i) => `${sentence} Lighthouse duty, page ${i + 1}: the logbook records each watch.`,
);

/** The page fits the viewport's width: nothing scrolls sideways. */
async function expectNoSideScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** A Sources entry: the source's name, its page and a quote that is one of the PDF's sentences. */
const CITED_ENTRY = new RegExp(
  `Lighthouse Keeping\\.pdf, page [1-3]: .*(${SENTENCES.map((s) => s.replace(/\./g, '\\.')).join('|')})`,
);

for (const width of [1280, 360]) {
  test(`at ${width} px an author builds a course from a PDF, opens a checked citation and publishes it with its Sources`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signUpAndLogIn(page, `grounded-${width}`, { firstName: 'Gail', lastName: 'Grounded' });
    const apiKey = `AIza-e2e-grounded-${width}-${Date.now()}`;
    await page.goto('/profile');
    await page.getByLabel('Google API key', { exact: true }).fill(apiKey);
    await page.getByRole('button', { name: 'Save API Key' }).click();
    await expect(page.getByText('Your Google API key was saved.')).toBeVisible();

    // The course and its subjects, from the PDF alone.
    await page.goto('/create-course');
    await page.getByLabel('Source files').setInputFiles({
      name: 'Lighthouse Keeping.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await pdfWithPages(PAGES)),
    });
    const panel = page.getByRole('region', { name: 'Sources' });
    const item = panel.getByRole('listitem').filter({ hasText: 'Lighthouse Keeping.pdf' });
    await expect(item.getByText('Ready')).toBeVisible({ timeout: 60_000 });
    await panel.getByRole('button', { name: 'Generate from sources' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Update Subjects' })).toBeVisible();
    const subjectsUrl = page.url();

    // Chapters and topics of the first subject, on the subjects and chapters screen.
    await page.getByRole('link', { name: 'Subjects and Chapters' }).click();
    const firstSubject = page
      .getByRole('region', { name: 'Subjects' })
      .getByRole('listitem')
      .first();
    await firstSubject.getByRole('button', { name: 'Generate Chapters' }).click();
    const chapters = page.getByRole('region', { name: /^Chapters of / }).getByRole('listitem');
    await chapters.first().getByRole('button', { name: 'Generate Topics' }).click();
    await chapters.first().getByRole('button', { name: 'View Topics' }).click();
    await page
      .getByRole('region', { name: /^Topics of / })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/content\/[A-Za-z0-9]+$/);
    const topicId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    // The lesson, written from the PDF: one citation whose quote is on no page is taken out.
    await fetch(`${fakeGemini}/__fake/faults`, {
      method: 'POST',
      body: JSON.stringify({ faults: [{ badCitations: 1, apiKey, match: 'stream' }] }),
    });
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expect(page.getByRole('button', { name: 'Update Content' })).toBeEnabled({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('status').filter({
        hasText: '1 citation could not be checked against your sources and was removed.',
      }),
    ).toBeVisible();
    const lesson = page.locator('.markdown-body');
    const citation = lesson.locator('sup').getByRole('link', { name: '1', exact: true });
    await expect(citation).toBeVisible();
    const entryId = decodeURIComponent((await citation.getAttribute('href')) ?? '').slice(1);
    await citation.click();
    const entry = page.locator(`[id="${entryId}"]`);
    await expect(entry).toBeInViewport();
    await expect(entry).toContainText(CITED_ENTRY);
    await expectNoSideScroll(page, 'the lesson with its Sources');

    // Published, the learner's page lists the same Sources at the end of the lesson.
    await page.goto(subjectsUrl);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const publishDialog = page.getByRole('dialog', { name: 'Publish course' });
    await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(publishDialog).toBeHidden();
    const shareLink = page.getByRole('link', { name: /\/learn\/[A-Za-z0-9_-]{16}$/ });
    const learnPath = new URL((await shareLink.getAttribute('href')) ?? '').pathname;

    const learnerContext = await browser.newContext({ viewport: { width, height: 800 } });
    const learner = await learnerContext.newPage();
    await learner.goto(`${learnPath}/${topicId}`);
    const published = learner.getByRole('article');
    await expect(published.getByRole('heading', { name: 'Sources' })).toBeAttached();
    const sources = published.locator('section').filter({
      has: learner.getByRole('heading', { name: 'Sources' }),
    });
    await expect(sources.getByRole('listitem').first()).toContainText(CITED_ENTRY);
    await expectNoSideScroll(learner, "the learner's lesson");
    await learnerContext.close();
    await context.close();
  });
}
