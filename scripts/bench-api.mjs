import path from 'node:path';
import { fork, spawn } from 'node:child_process';
import express from 'express';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { benchAccount } from './lib/bench-account.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:api [-- --authors 20 --seconds 15 --rounds 3]
 *
 * Starts the local suite (Hosting → Functions emulator → Firestore and Auth emulators), gives
 * each simulated author a course, then lets every author (one keep-alive connection each, one
 * request at a time, like a browser tab) loop through a realistic mix of reads and writes:
 * outline lists, a lesson, their profile, a lesson save and a new topic. The load runs once
 * through the emulators, then alternately against the API bundle served by Node and a floor
 * (lib/api-floor.mjs: bare Express handlers making the same Auth and Firestore calls as each route
 * of the mix, nothing else) — API, floor, API, floor… — then against a bare Express route. After
 * every run the topics it created are deleted, so each run starts on a database of the same size.
 * The load generator (lib/api-load.mjs) runs in a process of its own, apart from the Firestore
 * stand-in this process hosts. Prints p50/p95 latency and throughput: the median and spread
 * (min–max) of the alternated runs, and their ratios. Errors must be zero, and after every run
 * each confirmed write is checked: every topic answered 201 is there, each lesson holds the last
 * text saved. BENCH_QUICK=1: 3 authors, 2 s runs.
 */
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const QUICK = process.env.BENCH_QUICK === '1';
const AUTHORS = option('authors', QUICK ? 3 : 20);
const SECONDS = option('seconds', QUICK ? 2 : 15);
const ROUNDS = option('rounds', 3);
const WARMUP_SECONDS = QUICK ? 1 : 3;
const PASSWORD = 'bench-password-1';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One run of the load generator (lib/api-load.mjs) in a child process of its own: every author
 * at once against `url` for `seconds`. Each author's confirmed writes come back into its state.
 */
async function load(url, authors, seconds, { bare = false } = {}) {
  const child = fork(path.join(import.meta.dirname, 'lib/api-load.mjs'), { stdio: 'inherit' });
  try {
    const answer = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`The load generator exited with ${code}.`)));
      child.send({
        url,
        seconds,
        bare,
        authors: authors.map(({ token, course, subject, chapter, topic, state }) => ({
          token,
          course,
          subject,
          chapter,
          topic,
          state,
        })),
      });
    });
    if (!answer.ok) throw new Error(`The load generator failed: ${answer.error}`);
    if (!bare) answer.states.forEach((state, index) => (authors[index].state = state));
    return answer.result;
  } finally {
    child.kill();
  }
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
 * Reads back what each author's confirmed writes of the last run should have left: every topic
 * answered 201 is listed, and the lesson holds the last text answered 200 (or the one still in
 * flight when the clock stopped, which the server may have finished after the load stopped).
 * Then deletes the topics the run created, so every run starts on a database of the same size.
 */
async function checkAndReset(authors, db) {
  let lost = 0;
  let checked = 0;
  // A request still in flight when the clock stopped may land a moment later.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const author of authors) {
    const topics = await author.api(author.topics);
    const names = new Set(topics.map((topic) => topic.name));
    const lesson = await author.api(`${author.topics}/${author.topic}/content`);
    checked += author.state.confirmedTopics.length + 1;
    lost += author.state.confirmedTopics.filter((name) => !names.has(name)).length;
    if (lesson !== author.state.saved && lesson !== author.state.pending) lost += 1;
    const chapter = db.doc(
      `courses/${author.course}/subjects/${author.subject}/chapters/${author.chapter}`,
    );
    const created = topics.filter((topic) => topic.id !== author.topic);
    for (let start = 0; start < created.length; start += 400) {
      const batch = db.batch();
      for (const topic of created.slice(start, start + 400)) {
        batch.delete(chapter.collection('topics').doc(topic.id));
      }
      await batch.commit();
    }
    const left = (await chapter.collection('topics').get()).size;
    if (left !== 1) throw new Error(`Resetting the database left ${left} topics, not 1.`);
    author.state.confirmedTopics = [];
  }
  return { lost, checked };
}

const suite = await startSuite({
  profile: 'test',
  withApp: true,
  fakeGemini: true,
  log: console.log,
});
Object.assign(process.env, suite.env);
const adminApp = initializeApp({ projectId: suite.env.GCLOUD_PROJECT }, `bench-api-${process.pid}`);
const db = getFirestore(adminApp);
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
  const bareUrl = `http://127.0.0.1:${bareServer.address().port}`;
  let lost = 0;
  let checked = 0;
  const measured = async (url, options) => {
    const result = await load(url, authors, SECONDS, options);
    if (!options?.bare) {
      const writes = await checkAndReset(authors, db);
      lost += writes.lost;
      checked += writes.checked;
    }
    return result;
  };

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
  for (const url of [suite.appUrl, direct.url, floor.url]) {
    await load(url, authors, WARMUP_SECONDS);
    await checkAndReset(authors, db);
  }
  await load(bareUrl, authors, WARMUP_SECONDS, { bare: true });

  console.log(
    `Measuring (${SECONDS} s each, ${AUTHORS} concurrent authors): the emulators once, then ` +
      `API and floor alternately, ${ROUNDS} rounds each, then the bare route...`,
  );
  const emulated = await measured(suite.appUrl);
  const apiRuns = [];
  const floorRuns = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    apiRuns.push(await measured(direct.url));
    floorRuns.push(await measured(floor.url));
    const [a, f] = [apiRuns.at(-1), floorRuns.at(-1)];
    console.log(
      `  round ${round}: API p50 ${a.p50.toFixed(1)} ms, p95 ${a.p95.toFixed(1)} ms, ` +
        `${a.perSecond.toFixed(0)} req/s; floor p50 ${f.p50.toFixed(1)} ms, ` +
        `p95 ${f.p95.toFixed(1)} ms, ${f.perSecond.toFixed(0)} req/s`,
    );
  }
  const baseline = await measured(bareUrl, { bare: true });

  /** The median of each figure over the runs, and its spread (min–max). */
  const summary = (runs) =>
    Object.fromEntries(
      ['p50', 'p95', 'perSecond'].map((key) => {
        const values = runs.map((run) => run[key]);
        return [
          key,
          { median: median(values), min: Math.min(...values), max: Math.max(...values) },
        ];
      }),
    );
  const api = summary(apiRuns);
  const floorSummary = summary(floorRuns);
  const ms = (value) => `${value.toFixed(1)} ms`;
  const spread = ({ median: m, min, max }, unit) =>
    unit === 'ms'
      ? `${ms(m).padStart(9)} (${min.toFixed(1)}–${max.toFixed(1)})`
      : `${m.toFixed(0).padStart(6)} req/s (${min.toFixed(0)}–${max.toFixed(0)})`;
  const single = (name, r) =>
    `  ${name.padEnd(46)} p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  ${r.perSecond.toFixed(0).padStart(6)} req/s  (${r.requests} requests)`;
  const summed = (name, s) =>
    `  ${name.padEnd(46)} p50 ${spread(s.p50, 'ms')}  p95 ${spread(s.p95, 'ms')}  ${spread(s.perSecond)}`;
  console.log(
    `\nLoad: ${AUTHORS} authors, one connection each, ${SECONDS} s per run; every run starts ` +
      `with ${AUTHORS} topics and ${AUTHORS} lessons in the database`,
  );
  console.log(single('API mix via Hosting → Functions emulator', emulated));
  console.log(`  median (min–max) of ${ROUNDS} alternated runs each:`);
  console.log(summed('API mix, functions bundle served by Node', api));
  console.log(summed('floor: same Auth + Firestore calls, Express', floorSummary));
  console.log(single('bare Express route, same load', baseline));
  const ratio = (a, b) => (a / b).toFixed(2);
  console.log(
    `  ratio API (bundle) / floor, medians: p50 ×${ratio(api.p50.median, floorSummary.p50.median)}, ` +
      `p95 ×${ratio(api.p95.median, floorSummary.p95.median)} (goal: p95 within ×1.2), ` +
      `throughput ×${ratio(api.perSecond.median, floorSummary.perSecond.median)}`,
  );
  console.log(
    `  ratio API (bundle) / bare, medians: p50 ×${(api.p50.median / baseline.p50).toFixed(1)}, ` +
      `p95 ×${(api.p95.median / baseline.p95).toFixed(1)}, ` +
      `throughput ×${(api.perSecond.median / baseline.perSecond).toFixed(3)}`,
  );
  let errors = 0;
  for (const [name, runs] of [
    ['emulators', [emulated]],
    ['bundle', apiRuns],
    ['floor', floorRuns],
  ]) {
    const sum = (key) => runs.reduce((total, run) => total + run.failures[key], 0);
    const [non2xx, socket, timeouts] = [sum('non2xx'), sum('errors'), sum('timeouts')];
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
