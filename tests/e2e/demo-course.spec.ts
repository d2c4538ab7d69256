import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { logIn } from './support/accounts';
import { expectLessonRendered } from './support/lesson';

interface DemoCourse {
  owner: string;
  name: string;
  subjects: {
    name: string;
    chapters: { name: string; topics: { name: string; lesson: string }[] }[];
  }[];
}

const demoDir = path.resolve('emulator-data/demo-course');
const demo = JSON.parse(fs.readFileSync(path.join(demoDir, 'outline.json'), 'utf8')) as DemoCourse;
const seedUsers = (
  JSON.parse(fs.readFileSync(path.resolve('emulator-data/seed.json'), 'utf8')) as {
    users: { email: string; password: string }[];
  }
).users;
const owner = seedUsers.find((user) => user.email === demo.owner);
/** The chapter quiz settings the seed saves, by chapter name. */
const quizzes = JSON.parse(fs.readFileSync(path.join(demoDir, 'quizzes.json'), 'utf8')) as Record<
  string,
  { attempts: number | null; pass_mark: number }
>;

/** The first lesson of the demo course with display math, a table and a Mermaid diagram. */
const richLesson = demo.subjects
  .flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.topics.map((topic) => ({ subject, chapter, topic })),
    ),
  )
  .find(({ topic }) => {
    const markdown = fs.readFileSync(path.join(demoDir, topic.lesson), 'utf8');
    return (
      /^\$\$$/m.test(markdown) && markdown.includes('| --- |') && markdown.includes('```mermaid')
    );
  });

/** The card (course or subject) titled `name`. */
const cardOf = (scope: Locator, name: string) =>
  scope.locator('.MuiCard-root').filter({ has: scope.page().getByText(name, { exact: true }) });

/** Waits until the card's cover image has loaded from the image store. */
async function expectCover(card: Locator) {
  const cover = card.locator('img[src*="/cover/"]');
  await expect(cover).toBeVisible();
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
}

test('the demo author finds the seeded demo course with covers and reads a lesson with math and a diagram', async ({
  page,
}) => {
  test.setTimeout(60_000);
  if (!owner || !richLesson) throw new Error('emulator-data/demo-course does not match seed.json');
  await page.goto('/auth?mode=login');
  await logIn(page, owner.email, owner.password);
  await expect(page).toHaveURL('/courses');

  const course = cardOf(page.locator('main'), demo.name);
  await expect(course).toHaveCount(1);
  await expectCover(course);
  await course.getByRole('link', { name: demo.name }).click();

  await expect(page).toHaveURL(/\/subjects$/);
  for (const subject of demo.subjects)
    await expectCover(cardOf(page.locator('main'), subject.name));
  await cardOf(page.locator('main'), richLesson.subject.name)
    .getByRole('link', { name: 'View Content' })
    .click();

  const outline = page.getByRole('navigation', { name: 'Course outline' });
  const chapter = outline.getByRole('button', { name: richLesson.chapter.name, exact: true });
  if ((await chapter.getAttribute('aria-expanded')) !== 'true') await chapter.click();
  await outline
    .getByRole('button', {
      name: new RegExp(`(Has content|No content yet)\\s*${richLesson.topic.name}$`),
    })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: richLesson.topic.name })).toBeVisible();
  await expectLessonRendered(page);

  // The seed saved the chapter quiz settings: the chapter limited to some attempts shows them.
  const [limitedName, limited] =
    Object.entries(quizzes).find(([, settings]) => settings.attempts !== null) ?? [];
  const limitedSubject = demo.subjects.find((subject) =>
    subject.chapters.some((chapter) => chapter.name === limitedName),
  );
  if (!limited || !limitedName || !limitedSubject) {
    throw new Error('emulator-data/demo-course/quizzes.json limits no chapter of the outline');
  }
  await outline.getByRole('link', { name: 'Back to Subjects' }).click();
  await cardOf(page.locator('main'), limitedSubject.name)
    .getByRole('link', { name: 'View Content' })
    .click();
  const limitedChapter = outline.getByRole('button', { name: limitedName, exact: true });
  if ((await limitedChapter.getAttribute('aria-expanded')) !== 'true') await limitedChapter.click();
  await outline.getByRole('button', { name: 'Chapter quiz' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chapter quiz' });
  await expect(dialog.getByText(limitedName)).toBeVisible();
  await expect(dialog.getByLabel('Pass mark (%)')).toHaveValue(String(limited.pass_mark));
  await expect(dialog.getByLabel('Attempts')).toHaveValue(String(limited.attempts));
});
