import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import express from 'express';
import { benchAccount } from './lib/bench-account.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:api [-- --authors 20 --seconds 15]
 *
 * Starts the local suite (Hosting → Functions emulator → Firestore and Auth emulators), gives
 * each simulated author a course, then lets every author (one keep-alive connection each, one
 * request at a time, like a browser tab) loop through a realistic mix of reads and writes:
 * outline lists, a lesson, their profile, a lesson save and a new topic. The same load is then
 * run against a floor (lib/api-floor.mjs: bare Express handlers making the same Auth and Firestore
 * calls as each route of the mix, nothing else) and a bare Express route (`res.json`) served by
 * this process, and all are printed side by side: p50/p95 latency, throughput and the ratios.
 * Errors must be zero, and every confirmed write is checked afterwards: the topic count grew by
 * the topics created, and each lesson holds the last text saved.
 */
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const AUTHORS = option('authors', 20);
const SECONDS = option('seconds', 15);
const WARMUP_SECONDS = 3;
const PASSWORD = 'bench-password-1';

const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/**
 * Runs one autocannon instance per author at once; answers every response time, the requests
 * per second, and what went wrong (non-2xx answers, socket errors, timeouts).
 */
async function load(plans, seconds) {
  const times = [];
  const failures = { non2xx: 0, errors: 0, timeouts: 0 };
  const started = performance.now();
  const results = await Promise.all(
    plans.map(
      (plan) =>
        new Promise((resolve, reject) => {
          const instance = autocannon(
            {
              url: plan.url,
              connections: 1,
              pipelining: 1,
              duration: seconds,
              requests: plan.requests,
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
          instance.on('response', (_client, status, _bytes, time) => {
            times.push(time);
            if (status < 200 || status >= 300) failures.non2xx += 1;
          });
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const result of results) {
    failures.errors += result.errors;
    failures.timeouts += result.timeouts;
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    failures,
  };
}

/** Runs `args` in a child Node with `env`; answers its URL once it prints `port N`. */
async function serveChild(name, args, env) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (exitCode) => reject(new Error(`${name} exited with ${exitCode}`)));
    child.stdout.on('data', (bytes) => {
      const match = /port (\d+)/.exec(String(bytes));
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * The deployed bundle (functions/dist/index.js) served by plain Node on the same emulators: the
 * API's own cost, without the Hosting and Functions emulators' proxying.
 */
function serveBundle(env) {
  const bundle = path.join(import.meta.dirname, '../functions/dist/index.js');
  const code = `
    const { api } = require(${JSON.stringify(bundle)});
    const server = require('node:http').createServer(api);
    server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`;
  return serveChild('API bundle', ['-e', code], env);
}

/** The floor: the same Auth and Firestore calls per route, in bare Express (lib/api-floor.mjs). */
function serveFloor(env) {
  return serveChild('API floor', [path.join(import.meta.dirname, 'lib/api-floor.mjs')], env);
}

/** An author's loop: six reads and two writes, each write confirmed in `state`. */
function authorPlan(url, author) {
  const { token, course, subject, chapter, topic, state } = author;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const chapterPath = `/api/courses/${course}/subjects/${subject}/chapters/${chapter}`;
  const topicPath = `${chapterPath}/topics/${topic}`;
  const get = (path) => ({ method: 'GET', path, headers });
  return {
    url,
    requests: [
      get('/api/courses/my-courses'),
      get(`/api/courses/${course}/subjects`),
      get(`/api/courses/${course}/subjects/${subject}/chapters`),
      get(`${chapterPath}/topics`),
      get(`${topicPath}/content`),
      get('/api/auth/me'),
      {
        method: 'PUT',
        path: `${topicPath}/content`,
        headers,
        setupRequest: (request) => {
          state.pending = `## Lesson, revision ${(state.revision += 1)}`;
          return { ...request, body: JSON.stringify({ content: state.pending }) };
        },
        onResponse: (status) => {
          if (status === 200) state.saved = state.pending;
        },
      },
      {
        method: 'POST',
        path: `${chapterPath}/topics`,
        headers,
        setupRequest: (request) => {
          state.pendingTopic = `Load topic ${(state.attempts += 1)}`;
          return { ...request, body: JSON.stringify({ name: state.pendingTopic }) };
        },
        onResponse: (status) => {
          if (status === 201) state.confirmedTopics.push(state.pendingTopic);
        },
      },
    ],
  };
}

async function newAuthor(suite, index) {
  const email = `bench-api-${Date.now()}-${index}@example.com`;
  const { api, token } = await benchAccount(suite, { email, password: PASSWORD });
  const course = (await api('/courses/create-manual', 'POST', { name: `Course ${index}` })).id;
  const subject = (await api(`/courses/${course}/subjects`, 'POST', { name: 'Subject' })).id;
  const subjectPath = `/courses/${course}/subjects/${subject}`;
  const chapter = (await api(`${subjectPath}/chapters`, 'POST', { name: 'Chapter' })).id;
  const topics = `${subjectPath}/chapters/${chapter}/topics`;
  const topic = (await api(topics, 'POST', { name: 'Topic' })).id;
  await api(`${topics}/${topic}/content`, 'POST', { content: '## Lesson' });
  return {
    api,
    token,
    course,
    subject,
    chapter,
    topic,
    topics,
    state: {
      revision: 0,
      pending: '',
      saved: '## Lesson',
      attempts: 0,
      pendingTopic: '',
      confirmedTopics: [],
    },
  };
}

/**
 * Reads back what each author's confirmed writes should have left: every topic answered 201 is
 * listed, and the lesson holds the last text answered 200 (or the one still in flight when the
 * clock stopped, which the server may have finished after the load tool stopped listening).
 */
async function lostWrites(authors) {
  let lost = 0;
  let checked = 0;
  for (const author of authors) {
    const names = new Set((await author.api(author.topics)).map((topic) => topic.name));
    const lesson = await author.api(`${author.topics}/${author.topic}/content`);
    checked += author.state.confirmedTopics.length + 1;
    lost += author.state.confirmedTopics.filter((name) => !names.has(name)).length;
    if (lesson !== author.state.saved && lesson !== author.state.pending) lost += 1;
  }
  return { lost, checked };
}

const suite = await startSuite({
  profile: 'test',
  withApp: true,
  fakeGemini: true,
  log: console.log,
});
const bare = express();
bare.get('/bare', (_req, res) => res.json({ ok: true }));
const bareServer = await new Promise((resolve) => {
  const server = bare.listen(0, '127.0.0.1', () => resolve(server));
});

const stops = [];
try {
  console.log(`\nPreparing ${AUTHORS} authors, each with a course, a topic and a lesson...`);
  const authors = [];
  for (let index = 0; index < AUTHORS; index += 1) authors.push(await newAuthor(suite, index));
  const direct = await serveBundle(suite.env);
  stops.push(direct.stop);
  const floor = await serveFloor(suite.env);
  stops.push(floor.stop);
  const plans = authors.map((author) => authorPlan(suite.appUrl, author));
  const directPlans = authors.map((author) => authorPlan(direct.url, author));
  const floorPlans = authors.map((author) => authorPlan(floor.url, author));
  const barePlans = authors.map(() => ({
    url: `http://127.0.0.1:${bareServer.address().port}`,
    requests: [{ method: 'GET', path: '/bare' }],
  }));

  // The Functions emulator runs one request per worker process; one warm worker per author keeps
  // its cold starts (seconds each) out of the figures.
  console.log(
    `Warming ${AUTHORS} emulator workers, then ${WARMUP_SECONDS} s of load on each target...`,
  );
  for (let round = 0; round < 2; round += 1) {
    await Promise.all(
      authors.map(() => fetch(`${suite.appUrl}/api/health`).then((r) => r.arrayBuffer())),
    );
  }
  await load(plans, WARMUP_SECONDS);
  await load(directPlans, WARMUP_SECONDS);
  await load(floorPlans, WARMUP_SECONDS);
  await load(barePlans, WARMUP_SECONDS);

  console.log(`Measuring (${SECONDS} s each, ${AUTHORS} concurrent authors)...`);
  const emulated = await load(plans, SECONDS);
  const api = await load(directPlans, SECONDS);
  const floorRun = await load(floorPlans, SECONDS);
  const baseline = await load(barePlans, SECONDS);
  const { lost, checked } = await lostWrites(authors);

  const ms = (value) => `${value.toFixed(1)} ms`;
  const row = (name, r) =>
    `  ${name.padEnd(44)} p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  ${r.perSecond.toFixed(0).padStart(6)} req/s  (${r.requests} requests)`;
  console.log(`\nLoad: ${AUTHORS} authors, one connection each, ${SECONDS} s`);
  console.log(row('API mix via Hosting → Functions emulator', emulated));
  console.log(row('API mix, functions bundle served by Node', api));
  console.log(row('floor: same Auth + Firestore calls, Express', floorRun));
  console.log(row('bare Express route, same load', baseline));
  console.log(
    `  ratio API (bundle) / floor: p50 ×${(api.p50 / floorRun.p50).toFixed(2)}, p95 ×${(api.p95 / floorRun.p95).toFixed(2)} (goal: p95 within ×1.2), throughput ×${(api.perSecond / floorRun.perSecond).toFixed(2)}`,
  );
  console.log(
    `  ratio API (bundle) / bare: p50 ×${(api.p50 / baseline.p50).toFixed(1)}, p95 ×${(api.p95 / baseline.p95).toFixed(1)}, throughput ×${(api.perSecond / baseline.perSecond).toFixed(3)}`,
  );
  let errors = 0;
  for (const [name, run] of [
    ['emulators', emulated],
    ['bundle', api],
    ['floor', floorRun],
  ]) {
    const { non2xx, errors: socket, timeouts } = run.failures;
    errors += non2xx + socket + timeouts;
    console.log(
      `  errors (${name}): ${non2xx + socket + timeouts} (non-2xx ${non2xx}, socket errors ${socket}, timeouts ${timeouts})`,
    );
  }
  console.log(`  lost writes: ${lost} of ${checked} confirmed writes checked`);
  if (errors > 0 || lost > 0) process.exitCode = 1;
} finally {
  for (const stop of stops) stop();
  bareServer.close();
  await suite.stop();
}
