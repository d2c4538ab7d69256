import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from './support/accounts';

const LESSON = [
  '## Pythagoras',
  '',
  'For a right triangle $a^2 + b^2 = c^2$ holds.',
  '',
  '$$',
  'f(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & x \\le 0 \\end{cases}',
  '$$',
  '',
  '| Side | Length |',
  '| --- | --- |',
  '| a | 3 |',
  '',
  '<b id="raw-html">not rendered as HTML</b>',
  '',
  '```mermaid',
  'graph TD',
  '  A[Right triangle] --> B[Squares on the sides]',
  '```',
].join('\n');

async function confirmDelete(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText('This action cannot be undone.');
  await dialog.getByRole('button', { name: title }).click();
  await expect(dialog).toBeHidden();
}

async function addNamed(
  page: Page,
  opener: string,
  dialogTitle: string,
  label: string,
  name: string,
) {
  await page.getByRole('button', { name: opener }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByLabel(label).fill(name);
  await dialog.getByRole('button', { name: opener }).click();
  await expect(dialog).toBeHidden();
}

const topicButton = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('button', { name: new RegExp(`(Has content|No content yet)\\s*${name}$`) });

/** Creates a course with one subject by hand and opens the subject's outline page. */
async function openNewSubjectOutline(page: Page) {
  await page.goto('/create-course');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Course' })).toBeVisible();
  await page.getByLabel('Course Name').fill('Geometry');
  await page.getByRole('button', { name: 'Create Course' }).click();
  await page.getByRole('link', { name: 'Geometry' }).click();
  await page.getByRole('button', { name: 'Add Subject' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Subject' });
  await create.getByLabel('Subject Name').fill('Triangles');
  await create.getByRole('button', { name: 'Create Subject' }).click();
  await page.getByRole('link', { name: 'View Content' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Topic' })).toBeVisible();
}

test.describe('course outline by hand', () => {
  test('chapters, topics and a lesson with math and a diagram, then edits and deletes', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndLogIn(page, 'outline-author', { firstName: 'Olive', lastName: 'Author' });
    await openNewSubjectOutline(page);
    await expect(page.getByText('No chapters found.')).toBeVisible();
    await expect(
      page.getByText(
        'First generate chapters, then topics, then select a topic to view/generate content.',
      ),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add Chapter' }).click();
    const chapterDialog = page.getByRole('dialog', { name: 'Add New Chapter' });
    await chapterDialog.getByRole('button', { name: 'Add Chapter' }).click();
    await expect(chapterDialog.getByText('Chapter name is required')).toBeVisible();
    await chapterDialog.getByLabel('Chapter Name').fill('Right triangles');
    await chapterDialog.getByRole('button', { name: 'Add Chapter' }).click();
    await expect(
      page.getByRole('button', { name: 'Right triangles', exact: true }),
    ).toHaveAttribute('aria-expanded', 'true');

    for (const topic of ['Pythagoras', 'Similarity', 'Trigonometry']) {
      await addNamed(page, 'Add Topic', 'Add New Topic', 'Topic Name', topic);
      await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Trigonometry' })).toBeVisible();
    await topicButton(page, 'Pythagoras').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pythagoras' })).toBeVisible();
    await expect(page).toHaveURL(/\/content\/[A-Za-z0-9]+$/);
    const pythagorasUrl = page.url();
    await expect(topicButton(page, 'Pythagoras').getByRole('img')).toHaveAttribute(
      'aria-label',
      'No content yet',
    );

    await page.getByRole('button', { name: 'Add Content' }).click();
    const contentDialog = page.getByRole('dialog', { name: 'Add New Content' });
    await contentDialog.getByRole('button', { name: 'Add Content' }).click();
    await expect(contentDialog.getByText('Content is required')).toBeVisible();
    await contentDialog.getByLabel('Content (Markdown)').fill(LESSON);
    await contentDialog.getByRole('button', { name: 'Add Content' }).click();
    await expect(contentDialog).toBeHidden();

    const lesson = page.locator('.markdown-body');
    await expect(lesson.getByRole('heading', { level: 2, name: 'Pythagoras' })).toBeVisible();
    await expect(lesson.locator('.katex').first()).toBeVisible();
    await expect(lesson.locator('.katex-display')).toHaveCount(1);
    await expect(lesson.getByRole('table')).toContainText('Length');
    await expect(lesson.getByRole('img', { name: 'Diagram' }).locator('svg')).toBeVisible();
    await expect(lesson.getByRole('img', { name: 'Diagram' })).toContainText('Right triangle');
    await expect(page.locator('#raw-html')).toHaveCount(0);
    await page
      .getByRole('button', { name: 'Equations not rendering correctly? Click here to refresh.' })
      .click();
    await expect(lesson.locator('.katex-display')).toHaveCount(1);
    await expect(topicButton(page, 'Pythagoras').getByRole('img')).toHaveAttribute(
      'aria-label',
      'Has content',
    );

    // The lesson survives a reload at the rewritten address. The reload fires five API requests
    // at once; the Functions emulator serves one request per worker and, with the other browser
    // busy too, may start a cold worker (seconds under CI load), hence the longer wait.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pythagoras' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('.markdown-body .katex').first()).toBeVisible();

    await page.getByRole('button', { name: 'Next: Similarity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Similarity' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous: Pythagoras' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pythagoras' })).toBeVisible();
    await expect(page).toHaveURL(pythagorasUrl);

    // The topic content page: chips and Previous/Next.
    const chapterPanel = await page
      .getByRole('button', { name: 'Right triangles', exact: true })
      .getAttribute('aria-controls');
    const chapterId = chapterPanel?.replace(/^chapter-|-topics$/g, '');
    const topicId = pythagorasUrl.split('/').pop();
    const subjectContent = new URL(pythagorasUrl).pathname.replace(/\/content\/[^/]+$/, '');
    await page.goto(`${subjectContent}/chapters/${chapterId}/topics/${topicId}/content`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pythagoras' })).toBeVisible();
    await expect(page.locator('.markdown-body .katex').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('link', { name: '3. Trigonometry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trigonometry' })).toBeVisible();
    await expect(page.getByText('No content available for this topic yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Similarity' })).toBeVisible();
    await expect(page).toHaveURL(/\/subjects\/[A-Za-z0-9]+\/content\/[A-Za-z0-9]+$/);
    await expect(
      page.getByRole('button', { name: 'Right triangles', exact: true }),
    ).toHaveAttribute('aria-expanded', 'true');

    // Edit at each level.
    await page.getByRole('button', { name: 'Edit chapter Right triangles' }).click();
    const editChapter = page.getByRole('dialog', { name: 'Edit Chapter' });
    await editChapter.getByLabel('Chapter Name').fill('Triangles with a right angle');
    await editChapter.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      page.getByRole('button', { name: 'Triangles with a right angle', exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Edit topic Similarity' }).click();
    const editTopic = page.getByRole('dialog', { name: 'Edit Topic' });
    await editTopic.getByLabel('Topic Name').fill('Similar triangles');
    await editTopic.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Similar triangles' })).toBeVisible();
    await topicButton(page, 'Pythagoras').click();
    await page.getByRole('button', { name: 'Edit Content' }).click();
    const editContent = page.getByRole('dialog', { name: 'Edit Content' });
    await expect(editContent.getByLabel('Content (Markdown)')).toHaveValue(LESSON);
    // A formula alone in its paragraph between $$ is display math, even on one line.
    await editContent
      .getByLabel('Content (Markdown)')
      .fill('## Proof\n\n$c^2 = a^2 + b^2$\n\n$$\\int_0^1 x\\,dx$$');
    await editContent.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Proof' })).toBeVisible();
    await expect(lesson.locator('.katex-display')).toHaveCount(1);
    await expect(lesson.locator('.katex')).toHaveCount(2);

    // Delete at each level, with the confirmations.
    await page.getByRole('button', { name: 'Delete Content' }).click();
    await confirmDelete(page, 'Delete Content');
    await expect(page.getByText('No content available for this topic yet.')).toBeVisible();
    await expect(topicButton(page, 'Pythagoras').getByRole('img')).toHaveAttribute(
      'aria-label',
      'No content yet',
    );
    await page.getByRole('button', { name: 'Delete topic Pythagoras' }).click();
    await confirmDelete(page, 'Delete Topic');
    await expect(page.getByRole('heading', { level: 1, name: 'Similar triangles' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete chapter Triangles with a right angle' }).click();
    await confirmDelete(page, 'Delete Chapter');
    await expect(page.getByText('No chapters found.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Select a Topic' })).toBeVisible();
  });

  test('the outline page works 360 px wide', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpAndLogIn(page, 'outline-phone', { firstName: 'Pia', lastName: 'Phone' });
    await openNewSubjectOutline(page);
    // The empty outline shows the sidebar only once it is toggled open.
    const toggle = page.getByRole('button', { name: 'Show Course Outline' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await addNamed(page, 'Add Chapter', 'Add New Chapter', 'Chapter Name', 'Angles');
    await addNamed(page, 'Add Topic', 'Add New Topic', 'Topic Name', 'Right angles');
    await addNamed(page, 'Add Topic', 'Add New Topic', 'Topic Name', 'Acute angles');
    await expect(page.getByRole('button', { name: 'Hide Course Outline' })).toBeVisible();
    await topicButton(page, 'Right angles').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Right angles' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Course outline' })).toBeHidden();
    await expect(page.getByRole('button', { name: /^Next:/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Content' }).click();
    await page
      .getByRole('dialog', { name: 'Add New Content' })
      .getByLabel('Content (Markdown)')
      .fill('A long formula $$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a} + \\sum_{i=1}^{100} i^2$$');
    await page
      .getByRole('dialog', { name: 'Add New Content' })
      .getByRole('button', { name: 'Add Content' })
      .click();
    await expect(page.locator('.markdown-body .katex').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
