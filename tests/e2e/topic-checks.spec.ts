import { expect, test, type Page } from '@playwright/test';
import { publishedCourse } from './support/learner';
import { PROOF_STEPS, TOPIC_QUESTIONS, orderWithKeyboard, topicCheck } from './support/questions';

/** The page fits the viewport's width: nothing scrolls sideways but inner regions. */
async function expectNoSideScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

for (const width of [1280, 360]) {
  test(`at ${width} px a visitor checks a single choice, a short answer and an ordering under a lesson`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const { slug, topicIds } = await publishedCourse(request, `checks-${width}`, {
      questions: TOPIC_QUESTIONS,
    });
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const learner = await context.newPage();
    await learner.goto(`/learn/${slug}/${topicIds[0]}`);
    const checks = learner.getByRole('region', { name: 'Check your understanding' });
    await expect(checks).toBeVisible();
    await expect(checks.locator('form.check')).toHaveCount(3);
    await expect(checks.getByText('A quiz-only statement')).toHaveCount(0);
    // Playwright's text queries skip <noscript>: its paragraph is found by its class.
    await expect(checks.locator('.checks-noscript')).toBeHidden();

    // Single choice: wrong, Try again, right. The first answer signs the visitor in anonymously.
    const single = topicCheck(learner, 'How many sides');
    await single.getByLabel('Four').check();
    const graded = learner.waitForResponse((response) => response.url().endsWith('/answers'));
    await single.getByRole('button', { name: 'Check answer' }).click();
    expect((await graded).status()).toBe(200);
    const singleResult = single.locator('.check-result');
    await expect(singleResult.getByText('Not quite')).toBeVisible();
    await expect(singleResult.getByText('Four sides make a quadrilateral.')).toBeVisible();
    await expect(singleResult.getByText('A triangle has three sides')).toBeVisible();
    await expect(single.getByText('Right answer')).toHaveCount(0);
    await expectNoSideScroll(learner, 'a Not quite result');
    await singleResult.getByRole('button', { name: 'Try again' }).click();
    await expect(singleResult).toBeEmpty();
    await expect(single.getByLabel('Three')).toBeFocused();
    await single.getByLabel('Three').check();
    await single.getByRole('button', { name: 'Check answer' }).click();
    await expect(singleResult.getByText('Correct')).toBeVisible();
    await expect(singleResult.getByRole('button', { name: 'Show answer' })).toHaveCount(0);
    await expect(single.getByText('Right answer')).toBeVisible();

    // Short answer: compared case-insensitively by the server.
    const short = topicCheck(learner, 'side facing the right angle');
    await short.getByLabel('Your answer').fill('  Hypotenuse ');
    await short.getByLabel('Your answer').press('Enter');
    await expect(short.locator('.check-result').getByText('Correct')).toBeVisible();
    await expect(
      short.locator('.check-result').getByText('The hypotenuse is the longest side.'),
    ).toBeVisible();

    // Ordering: served shuffled, put in order with the move buttons and the keyboard.
    const ordering = topicCheck(learner, 'Put the steps');
    const shown = (await ordering.locator('.check-item-text').allTextContents()).map((t) =>
      t.trim(),
    );
    expect(shown).not.toEqual(PROOF_STEPS);
    await orderWithKeyboard(ordering, PROOF_STEPS);
    await expect(
      ordering.getByRole('button', { name: `Move ${PROOF_STEPS[0]} up` }),
    ).toBeDisabled();
    await ordering.getByRole('button', { name: 'Check answer' }).click();
    await expect(ordering.locator('.check-result').getByText('Correct')).toBeVisible();
    await expectNoSideScroll(learner, 'topic checks with results');

    // Checks never block moving on.
    await learner.getByRole('link', { name: 'Next: Angles' }).click();
    await expect(learner).toHaveURL(`/learn/${slug}/${topicIds[1]}`);
    await context.close();
  });
}

test('at 360 px Show answer after Not quite puts an ordering in order', async ({
  browser,
  request,
}) => {
  const { slug, topicIds } = await publishedCourse(request, 'checks-show', {
    questions: TOPIC_QUESTIONS,
  });
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const learner = await context.newPage();
  await learner.goto(`/learn/${slug}/${topicIds[0]}`);
  const ordering = topicCheck(learner, 'Put the steps');
  await ordering.getByRole('button', { name: 'Check answer' }).click();
  const result = ordering.locator('.check-result');
  await expect(result.getByText('Not quite')).toBeVisible();
  await result.getByRole('button', { name: 'Show answer' }).click();
  await expect(result.getByText('The steps are now in the right order.')).toBeVisible();
  await expect(ordering.locator('.check-item-text')).toHaveText(PROOF_STEPS);
  await context.close();
});

test('without JavaScript the checks are shown with a note to turn it on', async ({
  browser,
  request,
}) => {
  const { slug, topicIds } = await publishedCourse(request, 'checks-nojs', {
    questions: TOPIC_QUESTIONS,
  });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 800 },
  });
  const learner = await context.newPage();
  await learner.goto(`/learn/${slug}/${topicIds[0]}`);
  const checks = learner.getByRole('region', { name: 'Check your understanding' });
  // Playwright's text queries skip <noscript>, which a page without JavaScript does show.
  await expect(checks.locator('.checks-noscript')).toHaveText(
    'Turn on JavaScript to check your answers.',
  );
  await expect(checks.locator('.checks-noscript')).toBeVisible();
  await expect(topicCheck(learner, 'How many sides').getByLabel('Three')).toBeVisible();
  await expect(checks.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await context.close();
});
