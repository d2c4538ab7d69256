import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { benchAccount, signedInClient } from './lib/bench-account.mjs';
import { seedDemoData } from './lib/seed.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:export
 *
 * Starts the local suite (fake Gemini), seeds the demo course and builds a course of 5 chapters
 * × 6 topics whose every lesson has math and a Mermaid diagram, then for each course prints the
 * size and time of each export: the Markdown bundle (made by the API), the SCORM 1.2 package
 * (built in a real Chromium through the Export menu, from the click to the download) and the
 * print edition (from opening /courses/{c}/print to every lesson and diagram drawn, then the
 * PDF Chromium prints of it). For each SCORM package it also prints how many topic checks,
 * quizzes and questions it carries, and takes the first chapter quiz in the package's own player
 * (the built app's code, graded offline). BENCH_QUICK=1: a 2 × 2 course only, without the demo course.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const CHAPTERS = QUICK ? 2 : 5;
const TOPICS_PER_CHAPTER = QUICK ? 2 : 6;
const PASSWORD = 'bench-password-1';
const EMAIL = `bench-export-${Date.now()}@example.com`;
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) =>
  fs.existsSync(file),
);

const lessonOf = (title) =>
  [
    `## ${title}`,
    '',
    `This lesson explains ${title}. Inline math $a^2 + b^2 = c^2$ and a display:`,
    '',
    '$$',
    '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
    '$$',
    '',
    '```mermaid',
    'graph LR',
    `  A[Start ${title}] --> B[Practice] --> C[Review]`,
    '```',
  ].join('\n');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;

/**
 * Opens the package's index.html (served from the zip, every other request aborted), submits
 * its first chapter quiz unanswered and returns the player's verdict.
 */
async function takeFirstQuiz(files) {
  const context = await browser.newContext();
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const file = url.origin === 'http://package.test' ? files[url.pathname.slice(1)] : undefined;
    if (!file) return route.abort();
    const type = { html: 'text/html', js: 'text/javascript', css: 'text/css' }[
      url.pathname.replace(/^.*\./, '')
    ];
    return route.fulfill({
      body: Buffer.from(file),
      contentType: type ?? 'application/octet-stream',
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto('http://package.test/index.html');
  await page.getByRole('button', { name: 'Chapter quiz' }).first().click();
  await page.getByRole('button', { name: 'Start quiz' }).click();
  await page.getByRole('button', { name: 'Submit quiz' }).click();
  const verdict = await page.getByText(/^You scored/).textContent({ timeout: 10_000 });
  await context.close();
  if (errors.length > 0) throw new Error(`The SCORM player failed: ${errors.join('; ')}`);
  return `first quiz submitted unanswered in the package's player: ${verdict}`;
}

const suite = await startSuite({
  profile: 'test',
  withApp: true,
  fakeGemini: true,
  log: console.log,
});
const browser = await chromium.launch({
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const exports = [];
  if (!QUICK) {
    const { seed } = await seedDemoData(suite.env, { appUrl: suite.appUrl });
    const demoAuthor = seed.users.find((user) => !user.admin);
    const demo = await signedInClient(suite, demoAuthor);
    const demoCourse = (await demo.api('/courses/my-courses')).find((course) =>
      course.name.startsWith('Introduction to Statistics'),
    );
    exports.push(['demo course', demo, demoCourse.id, demoAuthor.email, demoAuthor.password]);
  }

  const bench = await benchAccount(suite, { email: EMAIL, password: PASSWORD });
  const course = await bench.api('/courses/create-manual', 'POST', { name: 'Export bench course' });
  const subject = await bench.api(`/courses/${course.id}/subjects`, 'POST', { name: 'Calculus' });
  const subjectPath = `/courses/${course.id}/subjects/${subject.id}`;
  for (let c = 1; c <= CHAPTERS; c += 1) {
    const chapter = await bench.api(`${subjectPath}/chapters`, 'POST', { name: `Chapter ${c}` });
    for (let t = 1; t <= TOPICS_PER_CHAPTER; t += 1) {
      const topics = `${subjectPath}/chapters/${chapter.id}/topics`;
      const topic = await bench.api(topics, 'POST', { name: `Topic ${c}.${t}` });
      await bench.api(`${topics}/${topic.id}/content`, 'POST', {
        content: lessonOf(`Topic ${c}.${t}`),
      });
    }
  }

  exports.push([`${CHAPTERS} × ${TOPICS_PER_CHAPTER} course`, bench, course.id, EMAIL, PASSWORD]);
  for (const [label, client, courseId, email, password] of exports) {
    console.log(`\n${label}:`);
    const started = performance.now();
    const bundle = await client.send(`/courses/${courseId}/export/markdown`);
    if (!bundle.ok) throw new Error(`Markdown export: ${bundle.status}`);
    const bundleBytes = (await bundle.arrayBuffer()).byteLength;
    console.log(`   Markdown bundle: ${kb(bundleBytes)} in ${ms(performance.now() - started)}`);

    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await page.goto(`${suite.appUrl}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/courses/);
    await page.goto(`${suite.appUrl}/courses/${courseId}/subjects`);
    const exportButton = page.getByRole('button', { name: /^Export / });
    await exportButton.click();
    const scormStarted = performance.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 300_000 }),
      page.getByRole('menuitem', { name: 'SCORM 1.2 package (.zip)' }).click(),
    ]);
    const scormMs = performance.now() - scormStarted;
    const scormBytes = fs.statSync(await download.path()).size;
    console.log(`   SCORM 1.2 package: ${kb(scormBytes)} in ${ms(scormMs)}`);
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    const courseJs = strFromU8(files['player/course.js']);
    const packaged = JSON.parse(
      courseJs.replace(/^window\.scormCourse = /, '').replace(/;\n$/, ''),
    );
    const chapters = packaged.subjects.flatMap((subject) => subject.chapters);
    const quizzes = chapters.filter((chapter) => chapter.quiz);
    console.log(
      `   in it: ${quizzes.length} chapter quizzes of ${quizzes.reduce((sum, chapter) => sum + chapter.quiz.questions.length, 0)} questions, ` +
        `${chapters.flatMap((chapter) => chapter.topics).reduce((sum, topic) => sum + topic.questions.length, 0)} topic-check questions; player/course.js ${kb(courseJs.length)}`,
    );
    if (quizzes.length > 0) console.log(`   ${await takeFirstQuiz(files)}`);

    const printStarted = performance.now();
    await page.goto(`${suite.appUrl}/courses/${courseId}/print`);
    await page.locator('[data-print-ready="true"]').waitFor({ timeout: 300_000 });
    const printMs = performance.now() - printStarted;
    await page.emulateMedia({ media: 'print' });
    const pdfStarted = performance.now();
    const pdf = await page.pdf({ format: 'A4' });
    console.log(
      `   Print edition: ready in ${ms(printMs)}; PDF ${kb(pdf.byteLength)} in ${ms(performance.now() - pdfStarted)}`,
    );
    await page.context().close();
  }
} finally {
  await browser.close();
  await suite.stop();
}
