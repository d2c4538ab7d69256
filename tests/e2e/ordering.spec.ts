import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { idTokenFor, signUpAndLogIn } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * The Drag & Drop Builder: subjects, chapters and topics reordered with the mouse, the keyboard
 * and touch, a topic moved to another chapter by dragging and by Move to chapter…, an Undo, and
 * the order kept after a reload and followed by Previous/Next.
 */

const CHAPTERS: Record<string, string[]> = {
  Limits: ['Intuition', 'One-sided limits', 'Continuity'],
  Derivatives: ['Slopes', 'Power rule'],
  Integrals: [],
};

/** A course with two subjects; the first has three chapters (the last one empty) with lessons. */
async function buildCourse(request: APIRequestContext, idToken: string) {
  const headers = { authorization: `Bearer ${idToken}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const course = await post('/courses/create-manual', { name: 'Calculus' });
  const subject = await post(`/courses/${course}/subjects`, { name: 'Foundations' });
  await post(`/courses/${course}/subjects`, { name: 'Applications' });
  for (const [chapterName, topics] of Object.entries(CHAPTERS)) {
    const chapter = await post(`/courses/${course}/subjects/${subject}/chapters`, {
      name: chapterName,
    });
    const topicsPath = `/courses/${course}/subjects/${subject}/chapters/${chapter}/topics`;
    for (const name of topics) {
      const topic = await post(topicsPath, { name });
      await post(`${topicsPath}/${topic}/content`, { content: `## ${name}\n\nAbout ${name}.` });
    }
  }
  return {
    subjectsPath: `/courses/${course}/subjects`,
    outlinePath: `/courses/${course}/subjects/${subject}/content`,
  };
}

/** The accessible names of the drag handles inside `scope`, without "Reorder ". */
async function order(scope: Locator): Promise<string[]> {
  const labels = await scope
    .getByRole('button', { name: /^Reorder / })
    .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Reorder /, ''));
}

/**
 * Waits for the navbar's verify-e-mail notice (the test accounts are unverified): it loads after
 * the page and pushes it down, so a drag measured before it would start beside its handle.
 */
async function layoutSettled(page: Page) {
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toBeVisible();
}

/** Drags `from` onto `to` with the mouse, in small steps past the few pixels a drag needs. */
async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('The handle or its target is not on screen.');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 20 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}

/** Drags `from` onto `to` with a finger: a short press on the handle, then a slide (real touch events). */
async function dragWithTouch(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('The handle or its target is not on screen.');
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
    });
  const [x0, y0] = [start.x + start.width / 2, start.y + start.height / 2];
  const [x1, y1] = [end.x + end.width / 2, end.y + end.height / 2];
  await touch('touchStart', x0, y0);
  await page.waitForTimeout(400);
  for (let step = 1; step <= 20; step += 1) {
    await touch('touchMove', x0 + ((x1 - x0) * step) / 20, y0 + ((y1 - y0) * step) / 20);
  }
  await page.waitForTimeout(100);
  await touch('touchEnd', x1, y1);
  await cdp.detach();
}

/**
 * Picks `handle` up with Space and waits until it shows as picked up: the keyboard sensor
 * listens for the arrow keys only from then on.
 */
async function pickUpWithKeyboard(handle: Locator) {
  await handle.focus();
  await handle.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
}

/** The screen reader announcement `text`, once it has been made. */
const announced = (page: Page, text: string | RegExp) =>
  page.getByText(text, typeof text === 'string' ? { exact: true } : {});

/** Resolves once `count` order saves (PUT …/order) have been answered with success. */
function orderSaves(page: Page, count: number): Promise<void> {
  let answered = 0;
  return new Promise((resolve) => {
    const onResponse = (response: Response) => {
      const request = response.request();
      if (request.method() !== 'PUT' || !request.url().endsWith('/order') || !response.ok()) return;
      answered += 1;
      if (answered < count) return;
      page.off('response', onResponse);
      resolve();
    };
    page.on('response', onResponse);
  });
}

const snackbar = (page: Page) => page.getByRole('alert').filter({ hasText: /Moved\.|undone/ });
const outline = (page: Page) => page.getByRole('navigation', { name: 'Course outline' });
const chapterList = (page: Page) => outline(page).getByRole('list', { name: 'Chapters' });
const topicList = (page: Page, chapter: string) =>
  outline(page).getByRole('list', { name: `Topics of ${chapter}` });
const chapterToggle = (page: Page, chapter: string) =>
  outline(page).getByRole('button', { name: new RegExp(`^${chapter}$`) });

/** The chapters' own handles (not their topics'), in the order shown. */
async function chapterOrder(page: Page): Promise<string[]> {
  const names = await order(chapterList(page));
  return names.filter((name) => name in CHAPTERS);
}

test.describe('drag and drop builder', () => {
  test('reorders subjects with the mouse and chapters with the keyboard, moves topics by dragging and by Move to chapter…, undoes, and keeps it all after a reload', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const author = await signUpAndLogIn(page, 'builder', { firstName: 'Bea', lastName: 'Builder' });
    const { subjectsPath, outlinePath } = await buildCourse(
      request,
      await idTokenFor(author.email, author.password),
    );

    // Subjects: Applications dragged with the mouse before Foundations.
    await page.goto(subjectsPath);
    await layoutSettled(page);
    const cards = page.getByRole('main');
    await expect.poll(() => order(cards)).toEqual(['Foundations', 'Applications']);
    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Reorder Applications' }),
      page.getByRole('button', { name: 'Reorder Foundations' }),
    );
    await expect.poll(() => order(cards)).toEqual(['Applications', 'Foundations']);
    await expect(snackbar(page)).toContainText('Moved.');

    // Chapters: Integrals picked up with Space, moved up twice with the arrow keys, dropped.
    await page.goto(outlinePath);
    await layoutSettled(page);
    await expect(chapterToggle(page, 'Limits')).toHaveAttribute('aria-expanded', 'true');
    expect(await chapterOrder(page)).toEqual(['Limits', 'Derivatives', 'Integrals']);
    const integralsHandle = outline(page).getByRole('button', { name: 'Reorder Integrals' });
    await pickUpWithKeyboard(integralsHandle);
    await page.keyboard.press('ArrowUp');
    await expect(announced(page, 'Chapter Integrals is at position 2 of 3.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(announced(page, 'Chapter Integrals is at position 1 of 3.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(
      page.getByText('Chapter Integrals moved to position 1 of 3.', { exact: true }),
    ).toBeAttached();
    await expect.poll(() => chapterOrder(page)).toEqual(['Integrals', 'Limits', 'Derivatives']);
    // Focus stays on the handle, so a keyboard user can go on.
    await expect(integralsHandle).toBeFocused();

    // Escape puts a picked-up item back.
    await pickUpWithKeyboard(outline(page).getByRole('button', { name: 'Reorder Intuition' }));
    await page.keyboard.press('ArrowDown');
    await expect(announced(page, /^Topic Intuition is (at|over) /)).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page.getByText(/Moving Topic Intuition was cancelled/)).toBeAttached();
    expect(await order(topicList(page, 'Limits'))).toEqual(CHAPTERS.Limits);

    // A topic dragged onto a closed chapter's row moves to the end of that chapter.
    await dragWithMouse(
      page,
      outline(page).getByRole('button', { name: 'Reorder Continuity' }),
      chapterToggle(page, 'Derivatives'),
    );
    await expect
      .poll(() => order(topicList(page, 'Limits')))
      .toEqual(['Intuition', 'One-sided limits']);
    await expect(snackbar(page)).toContainText('Moved.');
    await chapterToggle(page, 'Derivatives').click();
    await expect
      .poll(() => order(topicList(page, 'Derivatives')))
      .toEqual(['Slopes', 'Power rule', 'Continuity']);

    // Move to chapter… sends Power rule to the empty Integrals chapter.
    await outline(page).getByRole('button', { name: 'More actions for topic Power rule' }).click();
    await expect.soft(await seriousViolations(page), 'More actions menu').toEqual([]);
    await page.getByRole('menuitem', { name: 'Move to chapter…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move Power rule to chapter' });
    await expect(dialog.getByRole('radio', { name: 'Derivatives (current)' })).toBeDisabled();
    expect(await seriousViolations(page), 'Move to chapter dialog').toEqual([]);
    await dialog.getByRole('radio', { name: 'Integrals' }).check();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect
      .poll(() => order(topicList(page, 'Derivatives')))
      .toEqual(['Slopes', 'Continuity']);

    // One move undone: Slopes moved down, then Undo; both saves must reach the server before
    // the reload below, which would otherwise cut the second one off.
    const bothSaved = orderSaves(page, 2);
    await outline(page).getByRole('button', { name: 'More actions for topic Slopes' }).click();
    await page.getByRole('menuitem', { name: 'Move down' }).click();
    await expect
      .poll(() => order(topicList(page, 'Derivatives')))
      .toEqual(['Continuity', 'Slopes']);
    await snackbar(page).getByRole('button', { name: 'Undo' }).click();
    await expect(snackbar(page)).toContainText('Move undone.');
    await expect
      .poll(() => order(topicList(page, 'Derivatives')))
      .toEqual(['Slopes', 'Continuity']);

    // After a reload: the same order everywhere, and Previous/Next follow it.
    await bothSaved;
    await page.reload();
    await expect.poll(() => chapterOrder(page)).toEqual(['Integrals', 'Limits', 'Derivatives']);
    await chapterToggle(page, 'Derivatives').click();
    await expect
      .poll(() => order(topicList(page, 'Derivatives')))
      .toEqual(['Slopes', 'Continuity']);
    await outline(page)
      .getByRole('button', { name: /^(Has content|No content yet)\s*Slopes$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Slopes' })).toBeVisible();
    await page.getByRole('button', { name: 'Next: Continuity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Continuity' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Continuity' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous: Slopes' })).toBeVisible();
    await chapterToggle(page, 'Integrals').click();
    await expect.poll(() => order(topicList(page, 'Integrals'))).toEqual(['Power rule']);

    await page.goto(subjectsPath);
    await expect.poll(() => order(page.getByRole('main'))).toEqual(['Applications', 'Foundations']);
    // The subjects-and-chapters screen lists them in the same order.
    await page.getByRole('link', { name: 'Subjects and Chapters' }).click();
    const subjectsPanel = page.getByRole('region', { name: 'Subjects' });
    await expect.poll(() => order(subjectsPanel)).toEqual(['Applications', 'Foundations']);
    await subjectsPanel.getByRole('button', { name: 'View Chapters' }).last().click();
    await expect
      .poll(() => order(page.getByRole('region', { name: 'Chapters of Foundations' })))
      .toEqual(['Integrals', 'Limits', 'Derivatives']);
  });

  test.describe('on a 360 px touch screen', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test('a topic dragged by touch takes its new place and keeps it after a reload', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const author = await signUpAndLogIn(page, 'touch-builder', {
        firstName: 'Tess',
        lastName: 'Touch',
      });
      const { outlinePath } = await buildCourse(
        request,
        await idTokenFor(author.email, author.password),
      );
      await page.goto(outlinePath);
      await layoutSettled(page);
      await page.getByRole('button', { name: 'Show Course Outline' }).click();
      await expect.poll(() => order(topicList(page, 'Limits'))).toEqual(CHAPTERS.Limits);
      const saved = orderSaves(page, 1);
      await dragWithTouch(
        page,
        outline(page).getByRole('button', { name: 'Reorder Continuity' }),
        outline(page).getByRole('button', { name: 'Reorder Intuition' }),
      );
      await expect
        .poll(() => order(topicList(page, 'Limits')))
        .toEqual(['Continuity', 'Intuition', 'One-sided limits']);
      await expect(snackbar(page)).toContainText('Moved.');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the outline scrolls sideways').toBeLessThanOrEqual(0);

      await saved;
      await page.reload();
      await page.getByRole('button', { name: 'Show Course Outline' }).click();
      await expect
        .poll(() => order(topicList(page, 'Limits')))
        .toEqual(['Continuity', 'Intuition', 'One-sided limits']);
    });
  });
});
