import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { benchAccount } from './lib/bench-account.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:outline-reads
 *
 * Starts the local suite on the Firestore stand-in (it counts document reads as Firestore bills
 * them), builds a course with 5 chapters × 6 topics, each with a lesson, through the API, then
 * opens its outline page in Chromium and prints the API requests and Firestore reads it took.
 * Then, with the fake Gemini of the test profile, it prints the reads of one `generate_content`
 * (JSON, not streamed) on a topic of a chapter with 6 topics and of one `generate_topics`. Last,
 * the reads and writes of one `PUT .../topics/order` that drags one topic of a chapter of 6 to
 * another place, and of one move of a topic (with its lesson) to another chapter of 6.
 */
const CHAPTERS = 5;
const TOPICS_PER_CHAPTER = 6;
const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = 'bench-password-1';

const suite = await startSuite({ profile: 'test', withApp: true, standin: true, log: console.log });
const browser = await chromium.launch({
  executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((f) => fs.existsSync(f)),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

try {
  const readsUrl = `http://${suite.env.FIRESTORE_CONTROL_HOST}/reads`;
  const { api } = await benchAccount(suite, { email: EMAIL, password: PASSWORD });
  await api('/auth/api-key', 'PUT', { api_key: 'AIza-bench-key' });

  console.log(`Building a course with ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics...`);
  const course = await api('/courses/create-manual', 'POST', { name: 'Bench course' });
  const subject = await api(`/courses/${course.id}/subjects`, 'POST', { name: 'Bench subject' });
  const subjectPath = `/courses/${course.id}/subjects/${subject.id}`;
  const topicIds = [];
  const chapterPaths = [];
  for (let c = 1; c <= CHAPTERS; c += 1) {
    const chapter = await api(`${subjectPath}/chapters`, 'POST', { name: `Chapter ${c}` });
    chapterPaths.push(`${subjectPath}/chapters/${chapter.id}`);
    for (let t = 1; t <= TOPICS_PER_CHAPTER; t += 1) {
      const topicsPath = `${subjectPath}/chapters/${chapter.id}/topics`;
      const topic = await api(topicsPath, 'POST', { name: `Topic ${c}.${t}` });
      await api(`${topicsPath}/${topic.id}/content`, 'POST', {
        content: `## Topic ${c}.${t}\n\nThe area of a circle is $\\pi r^2$.`,
      });
      topicIds.push(topic.id);
    }
  }

  const page = await browser.newPage();
  const apiRequests = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto(`${suite.appUrl}/auth?mode=login`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/courses');
  await page.waitForLoadState('networkidle');

  const outlinePath = `${subjectPath}/content`;
  const measure = async (label, action, lessonHeading) => {
    await fetch(readsUrl, { method: 'DELETE' });
    apiRequests.length = 0;
    await action();
    await page.getByRole('heading', { level: 2, name: lessonHeading }).waitFor();
    await page.waitForLoadState('networkidle');
    const { reads } = await (await fetch(readsUrl)).json();
    return { label, requests: [...apiRequests], reads };
  };

  const results = [
    await measure(
      'open the outline page (first chapter expanded, first topic shown)',
      () => page.goto(`${suite.appUrl}${outlinePath}`),
      'Topic 1.1',
    ),
    await measure(
      'pick another topic of the expanded chapter',
      () => page.getByRole('button', { name: 'Has content Topic 1.2', exact: true }).click(),
      'Topic 1.2',
    ),
    await measure(
      'open a link to a topic of chapter 4 (chapter looked up)',
      () => page.goto(`${suite.appUrl}${outlinePath}/${topicIds[3 * TOPICS_PER_CHAPTER + 2]}`),
      'Topic 4.3',
    ),
  ];

  /** The reads and writes of one API request made outside the page, e.g. an AI generation. */
  const measureRequest = async (label, path, method = 'POST', body = {}) => {
    await fetch(readsUrl, { method: 'DELETE' });
    await api(path, method, body);
    const { reads, writes } = await (await fetch(readsUrl)).json();
    return { label, requests: [`${method} ${path}`], reads, writes };
  };
  const lastChapter = chapterPaths[CHAPTERS - 1];
  const secondTopic = `${lastChapter}/topics/${topicIds[CHAPTERS * TOPICS_PER_CHAPTER - 5]}`;
  results.push(
    await measureRequest(
      `generate_content, JSON, on a topic of a chapter with ${TOPICS_PER_CHAPTER} topics`,
      `${secondTopic}/generate_content`,
    ),
    await measureRequest(
      `generate_topics on a chapter with ${TOPICS_PER_CHAPTER} topics`,
      `${lastChapter}/generate_topics`,
    ),
  );

  const firstChapterTopics = topicIds.slice(0, TOPICS_PER_CHAPTER);
  const dragged = [...firstChapterTopics];
  dragged.splice(1, 0, ...dragged.splice(4, 1));
  const movedTopic = topicIds[TOPICS_PER_CHAPTER + 1];
  results.push(
    await measureRequest(
      `PUT topics/order dragging one topic of a chapter with ${TOPICS_PER_CHAPTER} topics`,
      `${chapterPaths[0]}/topics/order`,
      'PUT',
      { ids: dragged },
    ),
    await measureRequest(
      `move a topic with its lesson to another chapter with ${TOPICS_PER_CHAPTER} topics`,
      `${chapterPaths[1]}/topics/${movedTopic}/move`,
      'POST',
      { chapter_id: chapterPaths[2].split('/').at(-1), index: 3 },
    ),
  );

  console.log(
    `\nFirestore reads, course with ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics:`,
  );
  for (const { label, requests, reads, writes } of results) {
    const written = writes === undefined ? '' : `, ${writes} writes`;
    console.log(`\n${label}: ${reads} reads${written}, ${requests.length} API requests`);
    for (const request of requests) console.log(`  ${request.replace(course.id, '{course}')}`);
  }
} finally {
  await browser.close();
  await suite.stop();
}
