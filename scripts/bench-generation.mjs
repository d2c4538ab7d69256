import { authorWithKey } from './lib/bench-account.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:generation            (BENCH_QUICK=1: a 2 × 2 course, short delays, no verdict)
 *
 * Starts the local suite with the fake Gemini, at the API's default limits, builds a course with
 * 5 chapters × 6 topics through the API (Hosting → Functions emulator), then:
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
 *
 * Each phase acts as its own author, as separate people would: one author's AI requests per
 * minute (RATE_LIMIT_AI_PER_USER, 30) and Gemini calls per day (AI_REQUESTS_PER_DAY) stay within
 * the defaults, which this bench never raises. A refusal (429) fails the bench, naming the limit.
 * It exits 1 too when a step failed, or when the job over the 5 × 6 course took more than
 * MAX_JOB_RATIO × its critical path (the quick mode's delays are too short to judge that).
 */
const QUICK = process.env.BENCH_QUICK === '1';
const CHAPTERS = QUICK ? 2 : 5;
const TOPICS_PER_CHAPTER = QUICK ? 2 : 6;
const REPLY_DELAYS_MS = QUICK ? [250] : [250, 1000];
const FIRST_CHUNK_DELAYS_MS = QUICK ? [0, 500] : [0, 500, 2000];
const FIRST_BYTE_RUNS = QUICK ? 1 : 3;
const JOB_DELAY_MS = QUICK ? 250 : 1000;
const JOB_TIMEOUT_MS = 10 * 60_000;
const MAX_JOB_RATIO = 1.3;
/** The API's default AI_REQUESTS_PER_USER (functions/src/lib/env.ts). */
const AI_REQUESTS_PER_USER = 4;
const RUN = Date.now();
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

let failures = 0;
try {
  const author = (label) =>
    authorWithKey(suite, {
      email: `bench-gen-${RUN}-${label}@example.com`,
      password: PASSWORD,
      apiKey: 'AIza-bench-key',
    });

  /** A refusal names the limit it hit: the bench runs at the defaults and must fit them. */
  const refusal = async (what, response) => {
    const body = await response.text();
    const hint =
      response.status === 429
        ? ` (a default limit refused it, Retry-After ${response.headers.get('retry-after')} s)`
        : '';
    return new Error(`${what}: ${response.status}${hint} ${body}`);
  };

  /** A course of CHAPTERS × TOPICS_PER_CHAPTER topics in one subject; answers the topics' paths. */
  const buildCourse = async ({ api }, name) => {
    const course = await api('/courses/create-manual', 'POST', { name });
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
    return { coursePath: `/courses/${course.id}`, topicPaths };
  };

  /** One streamed lesson: ms to the first `chunk` event and to `done`. */
  const streamLesson = async ({ send }, topicPath) => {
    const started = performance.now();
    const response = await send(`${topicPath}/generate_content`, 'POST', {}, 'text/event-stream');
    if (!response.ok) throw await refusal(topicPath, response);
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

  console.log(`\nBuilding courses of ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics...`);
  // Warm the path (token checks, first SDK import) so the figures measure steady state.
  const warmer = await author('warm-up');
  const { topicPaths: warmPaths } = await buildCourse(warmer, 'Warm-up course');
  await fakeSettings({ replyDelayMs: 0, firstChunkDelayMs: 0, chunkDelayMs: 0 });
  await streamLesson(warmer, warmPaths[0]);

  const chain = Math.ceil(warmPaths.length / AI_REQUESTS_PER_USER);
  console.log(
    `\n1. Lessons for all ${warmPaths.length} topics, ${AI_REQUESTS_PER_USER} at a time (the per-user AI request limit), longest chain ${chain} requests, one author per delay:`,
  );
  for (const delay of REPLY_DELAYS_MS) {
    const writer = await author(`lessons-${delay}`);
    const { topicPaths } = await buildCourse(writer, `Lessons at ${delay} ms`);
    await fakeSettings({ replyDelayMs: delay, firstChunkDelayMs: 0, chunkDelayMs: 0 });
    const queue = [...topicPaths];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AI_REQUESTS_PER_USER }, async () => {
        for (let path = queue.shift(); path; path = queue.shift()) await streamLesson(writer, path);
      }),
    );
    const wall = performance.now() - started;
    const floor = delay * chain;
    console.log(
      `   fake delay ${ms(delay)}: wall ${ms(wall)} vs delay × chain ${ms(floor)} (overhead ${ms((wall - floor) / chain)} per request in the chain)`,
    );
  }

  console.log(`\n2. Request to first streamed chunk (median of ${FIRST_BYTE_RUNS}):`);
  const timer = await author('first-chunk');
  const { topicPaths: timedPaths } = await buildCourse(timer, 'First chunk');
  for (const firstChunkDelay of FIRST_CHUNK_DELAYS_MS) {
    await fakeSettings({ replyDelayMs: 0, firstChunkDelayMs: firstChunkDelay, chunkDelayMs: 20 });
    const runs = [];
    for (let run = 0; run < FIRST_BYTE_RUNS; run += 1) {
      runs.push(await streamLesson(timer, timedPaths[run]));
    }
    const firstChunk = median(runs.map((r) => r.firstChunkMs));
    console.log(
      `   fake first-chunk delay ${ms(firstChunkDelay)}: first chunk after ${ms(firstChunk)} (overhead ${ms(firstChunk - firstChunkDelay)}), whole lesson ${ms(median(runs.map((r) => r.totalMs)))}`,
    );
  }

  /** Starts Generate Whole Course on `coursePath` and polls until it ends; answers the job and ms. */
  const runJob = async ({ api, send }, coursePath) => {
    const startedAt = Date.now();
    const started = performance.now();
    const start = await send(`${coursePath}/generate_all`, 'POST', {});
    if (!start.ok) throw await refusal(`${coursePath}/generate_all`, start);
    const { job_id: jobId } = await start.json();
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
  /** Prints the job's figures; answers its wall time ÷ critical path. */
  const report = (label, { job, wall, firstStepAfter }) => {
    const floor = criticalPath(job);
    const afterPickup = wall - firstStepAfter;
    if (job.failed > 0 || job.done !== job.total) {
      failures += 1;
      console.log(`   FAILED: ${label}: ${JSON.stringify(job.failed_steps ?? job)}`);
    }
    console.log(
      `   ${label}: ${job.done} of ${job.total} steps (${job.failed} failed) in ${ms(wall)} vs critical path ${ms(floor)}: ${(wall / floor).toFixed(2)}×\n` +
        `      the first step reached Gemini ${ms(firstStepAfter)} after the start (the Cloud Tasks emulator looks at an idle queue once a second); from there ${ms(afterPickup)}: ${(afterPickup / floor).toFixed(2)}×`,
    );
    return wall / floor;
  };

  // Warm the step function's workers (the emulator starts one process per concurrent task).
  const jobWarmer = await author('job-warm-up');
  await fakeSettings({ replyDelayMs: 0, firstChunkDelayMs: 0, chunkDelayMs: 0 });
  const warm = await jobWarmer.api('/courses/create-manual', 'POST', { name: 'Warm-up course' });
  const warmSubject = await jobWarmer.api(`/courses/${warm.id}/subjects`, 'POST', {
    name: 'Warm-up',
  });
  const warmChapter = await jobWarmer.api(
    `/courses/${warm.id}/subjects/${warmSubject.id}/chapters`,
    'POST',
    { name: 'Warm-up' },
  );
  const warmTopics = `/courses/${warm.id}/subjects/${warmSubject.id}/chapters/${warmChapter.id}/topics`;
  for (let t = 1; t <= AI_REQUESTS_PER_USER * 2; t += 1) {
    await jobWarmer.api(warmTopics, 'POST', { name: `Warm-up ${t}` });
  }
  await runJob(jobWarmer, `/courses/${warm.id}`);

  console.log(
    `\n3. Generate Whole Course as a job, fake delay ${ms(JOB_DELAY_MS)}, at most ${AI_REQUESTS_PER_USER} steps at once, one author per job:`,
  );
  const jobAuthor = await author('job-lessons');
  const { coursePath: lessonsCourse } = await buildCourse(jobAuthor, 'Job bench course');
  await fakeSettings({ replyDelayMs: JOB_DELAY_MS, firstChunkDelayMs: 0, chunkDelayMs: 0 });
  const ratio = report(
    `lessons of ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics`,
    await runJob(jobAuthor, lessonsCourse),
  );
  if (!QUICK) {
    const emptyAuthor = await author('job-empty');
    const emptyCourse = await emptyAuthor.api('/courses/create-manual', 'POST', {
      name: 'Job bench, empty',
    });
    report(
      'an empty course, every level drafted',
      await runJob(emptyAuthor, `/courses/${emptyCourse.id}`),
    );
    const verdict = ratio <= MAX_JOB_RATIO ? 'within' : 'OVER';
    console.log(
      `\n   The job over ${CHAPTERS} × ${TOPICS_PER_CHAPTER}: ${ratio.toFixed(2)}× its critical path, ${verdict} the ${MAX_JOB_RATIO}× allowed.`,
    );
    if (ratio > MAX_JOB_RATIO) failures += 1;
  }
} catch (error) {
  failures += 1;
  console.error(`\nbench:generation failed: ${error instanceof Error ? error.message : error}`);
} finally {
  await suite.stop();
}
if (failures > 0) process.exit(1);
