import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { publishedCourse } from './support/learner';
import { PROOF_STEPS, TOPIC_QUESTIONS, orderWithKeyboard } from './support/questions';

/** The page fits the viewport's width: nothing scrolls sideways but inner regions. */
async function expectNoSideScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** The question shown, after checking its heading has the focus. */
async function questionShown(page: Page, n: number, total: number) {
  const heading = page.getByRole('heading', { level: 2, name: `Question ${n} of ${total}` });
  await expect(heading).toBeFocused();
  return page.locator('form.quiz-question:visible');
}

for (const width of [1280, 360]) {
  test(`at ${width} px a learner fails, then passes a chapter quiz; the author sees it in analytics`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // Defaults: every question of the chapter, pass mark 70, unlimited attempts, no shuffle.
    const { slug, courseId, topicIds, author } = await publishedCourse(request, `quiz-${width}`, {
      questions: TOPIC_QUESTIONS,
    });
    const total = TOPIC_QUESTIONS.length;
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const learner = await context.newPage();

    // The chapter's last lesson links its quiz; the course page too, with its result slot.
    await learner.goto(`/learn/${slug}/${topicIds[2]}`);
    await learner.getByRole('link', { name: 'Chapter quiz: Shapes' }).click();
    await expect(learner).toHaveURL(new RegExp(`/learn/${slug}/chapters/[A-Za-z0-9]{20}/quiz$`));
    await expect(learner.getByRole('heading', { level: 1, name: 'Shapes' })).toBeVisible();
    await expect(
      learner.getByText('4 questions · pass mark 70% · unlimited attempts'),
    ).toBeVisible();

    // First attempt: one answer, Submit quiz, confirm the unanswered ones: not passed. The
    // ordering counts as answered in the order shown (served shuffled, so wrong).
    await learner.getByRole('button', { name: 'Start quiz' }).click();
    let question = await questionShown(learner, 1, total);
    await expect(learner.getByRole('button', { name: 'Previous question' })).toBeHidden();
    await question.getByLabel('Three').check();
    await learner.getByRole('button', { name: 'Next question' }).click();
    await questionShown(learner, 2, total);
    await expect(learner.getByRole('button', { name: 'Start quiz' })).toBeHidden();
    await expect(learner.getByRole('button', { name: 'Previous question' })).toBeVisible();
    await expectNoSideScroll(learner, 'a quiz question');
    await learner.getByRole('button', { name: 'Submit quiz' }).click();
    const confirm = learner.getByRole('dialog', {
      name: '2 questions are unanswered. Submit anyway?',
    });
    await confirm.getByRole('button', { name: 'Submit quiz' }).click();
    await expect(learner.getByRole('heading', { name: 'Your result' })).toBeFocused();
    await expect(
      learner.getByText('You scored 25% (1 of 4). Not passed. The pass mark is 70%.'),
    ).toBeVisible();
    await expect(learner.getByText('Your answer: Not answered')).toHaveCount(2);
    // Show answers after defaults to passing or the last attempt: none shown yet.
    await expect(learner.getByText(/^Right answer:/)).toHaveCount(0);

    // Second attempt: every answer right (the ordering with the keyboard): passed.
    await learner.getByRole('button', { name: 'Start quiz' }).click();
    question = await questionShown(learner, 1, total);
    await question.getByLabel('Three').check();
    await learner.getByRole('button', { name: 'Next question' }).click();
    question = await questionShown(learner, 2, total);
    await question.getByLabel('Your answer').fill('Hypotenuse');
    await learner.getByRole('button', { name: 'Next question' }).click();
    question = await questionShown(learner, 3, total);
    await orderWithKeyboard(question, PROOF_STEPS);
    await learner.getByRole('button', { name: 'Next question' }).click();
    question = await questionShown(learner, 4, total);
    await question.getByLabel('True').check();
    await learner.getByRole('button', { name: 'Submit quiz' }).click();
    await expect(learner.getByRole('dialog')).toHaveCount(0);
    await expect(learner.getByRole('heading', { name: 'Your result' })).toBeFocused();
    await expect(learner.getByText('You scored 100% (4 of 4). Passed.')).toBeVisible();
    await expect(learner.getByText('The hypotenuse is the longest side.')).toBeVisible();
    await expectNoSideScroll(learner, 'a quiz result');

    // The course page shows the best score.
    await learner.goto(`/learn/${slug}`);
    await expect(learner.getByText('Quiz: 100% · Passed')).toBeVisible();
    await context.close();

    // The author's analytics show the quiz.
    const authorContext = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await authorContext.newPage();
    await page.goto('/auth?mode=login');
    await logIn(page, author.email, author.password);
    await expect(page).toHaveURL('/courses');
    await page.goto(`/courses/${courseId}/analytics`);
    const quizzes = page.getByRole('region', { name: 'Chapter quizzes' });
    await expect(quizzes).toBeVisible();
    // Two attempts by one learner, who passed with 100%.
    await expect(
      quizzes.getByRole('row', { name: 'Shapes Basics 2 1 100% 100%', exact: true }),
    ).toHaveCount(1);
    await expect(
      page.getByRole('region', { name: 'Most missed questions', exact: true }),
    ).toBeVisible();
    await expectNoSideScroll(page, 'analytics with a chapter quiz');
    await authorContext.close();
  });
}

test('without JavaScript the quiz page says to turn it on', async ({ browser, request }) => {
  const { slug, topicIds } = await publishedCourse(request, 'quiz-nojs', {
    questions: TOPIC_QUESTIONS,
  });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const learner = await context.newPage();
  await learner.goto(`/learn/${slug}/${topicIds[2]}`);
  await learner.getByRole('link', { name: 'Chapter quiz: Shapes' }).click();
  // Playwright's text queries skip <noscript>: its paragraph is found by its class.
  await expect(learner.locator('.checks-noscript')).toHaveText(
    'Turn on JavaScript to take this quiz.',
  );
  await expect(learner.getByRole('button', { name: 'Start quiz' })).toBeHidden();
  await context.close();
});
