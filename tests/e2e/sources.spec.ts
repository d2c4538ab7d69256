import { expect, test, type Page } from '@playwright/test';
import { pdfWithPages } from '../fixtures/source-files';
import { signUpAndLogIn } from './support/accounts';

// Long enough that its reading (a second or more) outlasts the way from the upload to the panel's
// first list, so Reading… is seen before Ready.
const PAGES = Array.from(
  { length: 400 },
  (_, i) => `Page ${i + 1}. Triangles have three sides, and their angles add up to 180 degrees.`,
);

/** The page fits the viewport's width: nothing scrolls sideways. */
async function expectNoSideScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

for (const width of [1280, 360]) {
  test(`at ${width} px an author creates a course from a PDF, watches it read, reads the coverage and removes it`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signUpAndLogIn(page, `sources-${width}`, { firstName: 'Sam', lastName: 'Sources' });

    await page.goto('/create-course');
    await page.getByLabel('Source files').setInputFiles({
      name: 'Triangles.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await pdfWithPages(PAGES)),
    });
    await expect(page).toHaveURL(/\/courses\/[A-Za-z0-9]{20}\/subjects\?sources=open$/);

    const panel = page.getByRole('region', { name: 'Sources' });
    const item = panel.getByRole('listitem').filter({ hasText: 'Triangles.pdf' });
    await expect(item.getByText('Reading…')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Generate from sources' })).toBeDisabled();
    await expect(item.getByText('Ready')).toBeVisible({ timeout: 60_000 });
    await expect(item.getByText('400 pages')).toBeVisible();
    await expect(panel.getByText('Gemini reads all 400 pages of your sources')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Generate from sources' })).toBeEnabled();
    await expectNoSideScroll(page, 'the sources panel');

    await item.getByRole('button', { name: 'Remove Triangles.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove source' });
    await expect(dialog).toContainText(
      'Remove Triangles.pdf? Lessons that cite it will show Source changed.',
    );
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      panel.getByText('Add the documents this course should be built from'),
    ).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(0);

    await panel.getByRole('button', { name: 'Close sources' }).click();
    await expect(page).toHaveURL(/\/subjects$/);
    // The course was named after the file; the panel covered the screen until now.
    await expect(page.getByRole('heading', { level: 1, name: 'Triangles Subjects' })).toBeVisible();
    await context.close();
  });
}
