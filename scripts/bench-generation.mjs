import { benchAccount } from './lib/bench-account.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:generation
 *
 * Starts the local suite with the fake Gemini, builds a course with 5 chapters × 6 topics through
 * the API (Hosting → Functions emulator), then:
 * 1. generates the lesson of every topic, streamed, as fast as the per-user limit on concurrent
 *    AI requests allows, with the fake answering after a fixed delay, and prints the wall time
 *    against delay × the longest chain of requests that must run one after another;
 * 2. times one streamed lesson from request to its first streamed chunk against the fake's
 *    first-chunk delay;
 * 3. runs Generate Whole Course as a job on the task queue (Cloud Tasks emulator → the
 *    `generationStep` function): once over a course of 5 chapters × 6 topics without lessons, once
 *    over an empty course (subjects, chapters, topics and lessons all drafted), at a 1 s fake
 *    delay, and prints each job's wall time against its critical path: delay × the longest chain
 *    of steps that must run one after another, given that a job runs at most
 *    AI_REQUESTS_PER_USER steps at once.
 */
const CHAPTERS = 5;
const TOPICS_PER_CHAPTER = 6;
const REPLY_DELAYS_MS = [250, 1000];
const FIRST_CHUNK_DELAYS_MS = [0, 500, 2000];
const FIRST_BYTE_RUNS = 3;
const JOB_DELAY_MS = 1000;
const JOB_TIMEOUT_MS = 10 * 60_000;
/** The API's default AI_REQUESTS_PER_USER (functions/src/lib/env.ts). */
const AI_REQUESTS_PER_USER = 4;
const EMAIL = `bench-gen-${Date.now()}@example.com`;
const PASSWORD = 'bench-password-1';

const suite = await startSuite({
  profile: 'test',
  withApp: true,
  fakeGemini: true,
  log: console.log,
});

const fakeSettings = (settings) =>
  fetch(`${suite.env.GOOGLE_GEMINI_BASE_URL}/__fake/settings`, {
    method: 'PUT',
    body: JSON.stringify(settings),
  });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;

try {
  const { send, api } = await benchAccount(suite, { email: EMAIL, password: PASSWORD });
  await api('/auth/api-key', 'PUT', { api_key: 'AIza-bench-key' });

  console.log(`\nBuilding a course with ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics...`);
  const course = await api('/courses/create-manual', 'POST', { name: 'Bench course' });
  const subject = await api(`/courses/${course.id}/subjects`, 'POST', { name: 'Bench subject' });
  const subjectPath = `/courses/${course.id}/subjects/${subject.id}`;
  const topicPaths = [];
  for (let c = 1; c <= CHAPTERS; c += 1) {
    const chapter = await api(`${subjectPath}/chapters`, 'POST', { name: `Chapter ${c}` });
    for (let t = 1; t <= TOPICS_PER_CHAPTER; t += 1) {
      const topicsPath = `${subjectPath}/chapters/${chapter.id}/topics`;
      const topic = await api(topicsPath, 'POST', { name: `Topic ${c}.${t}` });
      topicPaths.push(`${topicsPath}/${topic.id}`);
    }
  }

  /** One streamed lesson: ms to the first `chunk` event and to `done`. */
  const streamLesson = async (topicPath) => {
    const started = performance.now();
    const response = await send(`${topicPath}/generate_content`, 'POST', {}, 'text/event-stream');
    if (!response.ok) throw new Error(`${topicPath}: ${response.status} ${await response.text()}`);
    const decoder = new TextDecoder();
    let text = '';
    let firstChunkAt;
    for await (const bytes of response.body) {
      text += decoder.decode(bytes, { stream: true });
      if (firstChunkAt === undefined && text.includes('event: chunk')) {
        firstChunkAt = performance.now() - started;
      }
    }
    if (!text.includes('event: done')) throw new Error(`${topicPath}: no done event\n${text}`);
    return { firstChunkMs: firstChunkAt ?? Number.NaN, totalMs: performance.now() - started };
  };

  // Warm the path (token checks, first SDK import) so the figures measure steady state.
  await fakeSettings({ replyDelayMs: 0, firstChunkDelayMs: 0, chunkDelayMs: 0 });
  await streamLesson(topicPaths[0]);

  const chain = Math.ceil(topicPaths.length / AI_REQUESTS_PER_USER);
  console.log(
    `\n1. Lessons for all ${topicPaths.length} topics, ${AI_REQUESTS_PER_USER} at a time (the per-user AI request limit), longest chain ${chain} requests:`,
  );
  for (const delay of REPLY_DELAYS_MS) {
    await fakeSettings({ replyDelayMs: delay, firstChunkDelayMs: 0, chunkDelayMs: 0 });
    const queue = [...topicPaths];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AI_REQUESTS_PER_USER }, async () => {
        for (let path = queue.shift(); path; path = queue.shift()) await streamLesson(path);
      }),
    );
    const wall = performance.now() - started;
    const floor = delay * chain;
    console.log(
      `   fake delay ${ms(delay)}: wall ${ms(wall)} vs delay × chain ${ms(floor)} (overhead ${ms((wall - floor) / chain)} per request in the chain)`,
    );
  }

  console.log(`\n2. Request to first streamed chunk (median of ${FIRST_BYTE_RUNS}):`);
  for (const firstChunkDelay of FIRST_CHUNK_DELAYS_MS) {
    await fakeSettings({ replyDelayMs: 0, firstChunkDelayMs: firstChunkDelay, chunkDelayMs: 20 });
    const runs = [];
    for (let run = 0; run < FIRST_BYTE_RUNS; run += 1) {
      runs.push(await streamLesson(topicPaths[run]));
    }
    const firstChunk = median(runs.map((r) => r.firstChunkMs));
    console.log(
      `   fake first-chunk delay ${ms(firstChunkDelay)}: first chunk after ${ms(firstChunk)} (overhead ${ms(firstChunk - firstChunkDelay)}), whole lesson ${ms(median(runs.map((r) => r.totalMs)))}`,
    );
  }

  /** Starts Generate Whole Course on `coursePath` and polls until it ends; answers the job and ms. */
  const runJob = async (coursePath) => {
    const startedAt = Date.now();
    const started = performance.now();
    const { job_id: jobId } = await api(`${coursePath}/generate_all`, 'POST', {});
    for (;;) {
      const job = await api(`${coursePath}/jobs/${jobId}`);
      if (job.status !== 'running') {
        const wall = performance.now() - started;
        const asked = await (
          await fetch(`${suite.env.GOOGLE_GEMINI_BASE_URL}/__fake/requests`)
        ).json();
        const firstAsked = Math.min(
          ...asked.map((r) => r.startedAt).filter((at) => at >= startedAt),
        );
        return { job, wall, firstStepAfter: firstAsked - startedAt };
      }
      if (performance.now() - started > JOB_TIMEOUT_MS) throw new Error('The job did not finish.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  /**
   * The least time the job's steps need: each level waits for the one above (a chain as deep
   * as the levels it fills), and no more than the limit run at once, so a level of n steps
   * takes at least ceil(n / limit) delays. Levels overlap in practice (a subject's topics start
   * while other subjects' chapters are still being written), so this is a floor.
   */
  const criticalPath = (job) =>
    JOB_DELAY_MS *
    Object.values(job.levels).reduce(
      (chain, level) => chain + Math.ceil(level.total / AI_REQUESTS_PER_USER),
      0,
    );
  const report = (label, { job, wall, firstStepAfter }) => {
    const floor = criticalPath(job);
    const afterPickup = wall - firstStepAfter;
    console.log(
      `   ${label}: ${job.done} of ${job.total} steps (${job.failed} failed) in ${ms(wall)} vs critical path ${ms(floor)}: ${(wall / floor).toFixed(2)}×\n` +
        `      the first step reached Gemini ${ms(firstStepAfter)} after the start (the Cloud Tasks emulator looks at an idle queue once a second); from there ${ms(afterPickup)}: ${(afterPickup / floor).toFixed(2)}×`,
    );
  };

  // Warm the step function's workers (the emulator starts one process per concurrent task).
  await fakeSettings({ replyDelayMs: 0, firstChunkDelayMs: 0, chunkDelayMs: 0 });
  const warm = await api('/courses/create-manual', 'POST', { name: 'Warm-up course' });
  const warmSubject = await api(`/courses/${warm.id}/subjects`, 'POST', { name: 'Warm-up' });
  const warmChapter = await api(`/courses/${warm.id}/subjects/${warmSubject.id}/chapters`, 'POST', {
    name: 'Warm-up',
  });
  const warmTopics = `/courses/${warm.id}/subjects/${warmSubject.id}/chapters/${warmChapter.id}/topics`;
  for (let t = 1; t <= AI_REQUESTS_PER_USER * 2; t += 1) {
    await api(warmTopics, 'POST', { name: `Warm-up ${t}` });
  }
  await runJob(`/courses/${warm.id}`);

  console.log(
    `\n3. Generate Whole Course as a job, fake delay ${ms(JOB_DELAY_MS)}, at most ${AI_REQUESTS_PER_USER} steps at once:`,
  );
  await fakeSettings({ replyDelayMs: JOB_DELAY_MS, firstChunkDelayMs: 0, chunkDelayMs: 0 });
  const lessonsCourse = await api('/courses/create-manual', 'POST', { name: 'Job bench course' });
  const lessonsSubject = await api(`/courses/${lessonsCourse.id}/subjects`, 'POST', {
    name: 'Bench subject',
  });
  const lessonsSubjectPath = `/courses/${lessonsCourse.id}/subjects/${lessonsSubject.id}`;
  for (let c = 1; c <= CHAPTERS; c += 1) {
    const chapter = await api(`${lessonsSubjectPath}/chapters`, 'POST', { name: `Chapter ${c}` });
    for (let t = 1; t <= TOPICS_PER_CHAPTER; t += 1) {
      await api(`${lessonsSubjectPath}/chapters/${chapter.id}/topics`, 'POST', {
        name: `Topic ${c}.${t}`,
      });
    }
  }
  report(
    `lessons of ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics`,
    await runJob(`/courses/${lessonsCourse.id}`),
  );
  const emptyCourse = await api('/courses/create-manual', 'POST', { name: 'Job bench, empty' });
  report('an empty course, every level drafted', await runJob(`/courses/${emptyCourse.id}`));
} finally {
  await suite.stop();
}
