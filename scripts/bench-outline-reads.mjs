import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { benchAccount } from './lib/bench-account.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:outline-reads [-- --before <git ref>] [-- --json <file>]
 *
 * Starts the local suite on the Firestore stand-in (it counts document reads as Firestore bills
 * them), builds a course with 5 chapters × 6 topics, each with a lesson, through the API, then
 * opens its outline page in Chromium and prints the API requests and Firestore reads it took.
 * Then, with the fake Gemini of the test profile, it prints the reads of one `generate_content`
 * (JSON, not streamed) on a topic of a chapter with 6 topics and of one `generate_topics`. Last,
 * the reads and writes of one `PUT .../topics/order` that drags one topic of a chapter of 6 to
 * another place, and of one move of a topic (with its lesson) to another chapter of 6.
 *
 * Then the call sites that once read the same document twice outside a transaction guarding a
 * write, each on a course of its own: a whole-course job's start (`generate_all`, on a course of
 * one subject, one chapter and one topic without a lesson), its latest job (`GET .../jobs`, the
 * job finished), the retry of its failed step (the fake Gemini refuses the first lesson), the
 * publish of the bench course and its Markdown export. It prints them as a table: call site,
 * reads (and writes), and how often the request fetched the course document itself. Job steps
 * run meanwhile in the job step function; only the reads of the API's own Firestore connections
 * are counted (the stand-in counts per client connection).
 *
 * The "before" column comes from running THIS bench against an older commit:
 *
 *   npm run bench:outline-reads -- --before <ref>
 *
 * adds a temporary `git worktree` of <ref> (e.g. the parent commit of a change, `HEAD^1` after
 * a merge) under the system's temporary folder, links this checkout's installed node_modules
 * into it (the workspace packages point at the worktree's own), copies this bench and its read
 * counter (scripts/bench-outline-reads.mjs, scripts/lib/read-counter.mjs) over the old ones,
 * runs it there with `--json`, removes the worktree, runs here and prints both columns. By hand:
 *
 *   git worktree add --detach /tmp/before <ref>
 *   cp scripts/bench-outline-reads.mjs /tmp/before/scripts/
 *   cp scripts/lib/read-counter.mjs /tmp/before/scripts/lib/
 *   ln -s "$PWD/node_modules" /tmp/before/node_modules   # careful: see linkNodeModules below
 *   (cd /tmp/before && node scripts/bench-outline-reads.mjs --json /tmp/before.json)
 *   git worktree remove --force /tmp/before
 *   npm run bench:outline-reads
 *
 * (a plain link of node_modules makes the old tree use this checkout's `@coursecraft/*`
 * packages; `--before` links every other package and points those at the worktree's own).
 *
 * BENCH_QUICK=1 builds a 4 × 5 course instead.
 */
const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const option = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : (process.argv[index + 1] ?? '');
};
const BEFORE_REF = option('--before');
const JSON_OUT = option('--json');

/** The installed packages of this checkout, seen from `tree`; its own workspace packages stay its own. */
function linkNodeModules(tree) {
  const modules = path.join(tree, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@coursecraft' || entry === '.vite' || entry === '.cache') continue;
    fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  fs.mkdirSync(path.join(modules, '@coursecraft'));
  for (const workspace of ['contracts', 'functions', 'web']) {
    fs.symlinkSync(path.join(tree, workspace), path.join(modules, '@coursecraft', workspace));
  }
  const webModules = path.join(ROOT, 'web', 'node_modules');
  if (fs.existsSync(webModules)) fs.symlinkSync(webModules, path.join(tree, 'web', 'node_modules'));
}

/** Runs this bench in a temporary worktree of `ref`; answers its call-site figures. */
function runBefore(ref) {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outline-reads-'));
  fs.rmdirSync(tree);
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, stdio: 'inherit' });
  console.log(`Before: the same bench in a temporary worktree of ${ref} (${tree})...`);
  git('worktree', 'add', '--detach', tree, ref);
  try {
    linkNodeModules(tree);
    for (const file of ['scripts/bench-outline-reads.mjs', 'scripts/lib/read-counter.mjs']) {
      fs.copyFileSync(path.join(ROOT, file), path.join(tree, file));
    }
    const out = path.join(tree, 'bench-before.json');
    execFileSync(process.execPath, ['scripts/bench-outline-reads.mjs', '--json', out], {
      cwd: tree,
      stdio: 'inherit',
    });
    return JSON.parse(fs.readFileSync(out, 'utf8'));
  } finally {
    git('worktree', 'remove', '--force', tree);
  }
}

const before = BEFORE_REF === undefined ? null : runBefore(BEFORE_REF || 'HEAD^1');

// BENCH_QUICK=1: the smallest course every step below still fits (a fourth chapter, five topics).
const QUICK = process.env.BENCH_QUICK === '1';
const CHAPTERS = QUICK ? 4 : 5;
const TOPICS_PER_CHAPTER = QUICK ? 5 : 6;
const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = 'bench-password-1';
const API_KEY = `AIza-bench-key-${Date.now()}`;
const JOB_TIMEOUT_MS = 90_000;

const suite = await startSuite({ profile: 'test', withApp: true, standin: true, log: console.log });
const browser = await chromium.launch({
  executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((f) => fs.existsSync(f)),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

try {
  const readsUrl = `http://${suite.env.FIRESTORE_CONTROL_HOST}/reads`;
  const { api, send } = await benchAccount(suite, { email: EMAIL, password: PASSWORD });
  await api('/auth/api-key', 'PUT', { api_key: API_KEY });

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

  const callSites = await measureCallSites({
    suite,
    api,
    send,
    readsUrl,
    coursePath: `/courses/${course.id}`,
  });

  console.log(
    `\nFirestore reads, course with ${CHAPTERS} chapters × ${TOPICS_PER_CHAPTER} topics:`,
  );
  for (const { label, requests, reads, writes } of results) {
    const written = writes === undefined ? '' : `, ${writes} writes`;
    console.log(`\n${label}: ${reads} reads${written}, ${requests.length} API requests`);
    for (const request of requests) console.log(`  ${request.replace(course.id, '{course}')}`);
  }
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(callSites, null, 2));
  printCallSites(callSites, before);
} finally {
  await browser.close();
  await suite.stop();
}

/** Reads, writes and fetches of one document, summed over the API's connections only. */
function apiCounts(counted, apiPeers, documentPath) {
  let reads = 0;
  let writes = 0;
  let documentGets = 0;
  for (const [peer, counts] of Object.entries(counted.peers ?? {})) {
    if (!apiPeers.has(peer)) continue;
    reads += counts.reads;
    writes += counts.writes;
    documentGets += counts.gets?.[documentPath] ?? 0;
  }
  return { reads, writes, documentGets };
}

/**
 * The call sites that read a document twice before: each request's reads and writes on the
 * API's own connections, and how often it fetched the course document. The API's connections
 * are learnt from a request that runs nothing in the background just before each one.
 */
async function measureCallSites({ suite, api, send, readsUrl, coursePath }) {
  const counted = async () => (await fetch(readsUrl)).json();
  const reset = () => fetch(readsUrl, { method: 'DELETE' });
  const apiPeers = new Set();
  const learnPeers = async (path) => {
    await reset();
    await api(path);
    for (const peer of Object.keys((await counted()).peers ?? {})) apiPeers.add(peer);
  };
  const measure = async (site, path, request, { background = false } = {}) => {
    await learnPeers(path);
    await reset();
    await request();
    const all = await counted();
    const mine = apiCounts(all, apiPeers, `courses/${path.split('/')[2]}`);
    if (!background && mine.reads !== all.reads) {
      console.warn(`${site}: ${all.reads - mine.reads} reads on connections not the API's`);
    }
    return { site, ...mine };
  };
  const faults = (body) =>
    fetch(`${suite.env.GOOGLE_GEMINI_BASE_URL}/__fake/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  console.log('Building a course of one topic without a lesson for a whole-course job...');
  const jobCourse = await api('/courses/create-manual', 'POST', { name: 'Job course' });
  const c = `/courses/${jobCourse.id}`;
  const s = await api(`${c}/subjects`, 'POST', { name: 'Job subject' });
  const ch = await api(`${c}/subjects/${s.id}/chapters`, 'POST', { name: 'Job chapter' });
  await api(`${c}/subjects/${s.id}/chapters/${ch.id}/topics`, 'POST', { name: 'Job topic' });
  // The key refused once: the lesson's step fails at once, so the job ends with a step to retry.
  await faults({ faults: [{ status: 400, apiKey: API_KEY, match: 'text' }] });

  const waitForJob = async (jobId, until) => {
    const giveUpAt = Date.now() + JOB_TIMEOUT_MS;
    for (;;) {
      const job = await api(`${c}/jobs/${jobId}`);
      if (until(job)) return job;
      if (Date.now() > giveUpAt) throw new Error(`Job ${jobId} still ${job.status}.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  let jobId = '';
  const rows = [];
  rows.push(
    await measure(
      'job start (POST generate_all)',
      c,
      async () => {
        ({ job_id: jobId } = await api(`${c}/generate_all`, 'POST'));
      },
      { background: true },
    ),
  );
  const failed = await waitForJob(jobId, (job) => job.status !== 'running');
  if (failed.failed !== 1) throw new Error(`Expected one failed step: ${JSON.stringify(failed)}`);
  rows.push(await measure('job latest (GET jobs)', c, () => api(`${c}/jobs`)));
  rows.push(
    await measure(
      'job retry (POST jobs/{j}/retry)',
      c,
      () => api(`${c}/jobs/${jobId}/retry`, 'POST'),
      { background: true },
    ),
  );
  await waitForJob(jobId, (job) => job.status !== 'running');

  rows.push(
    await measure('publish (POST publish)', coursePath, () => api(`${coursePath}/publish`, 'POST')),
  );
  rows.push(
    await measure('Markdown export (GET export/markdown)', coursePath, async () => {
      const response = await send(`${coursePath}/export/markdown`);
      if (!response.ok) throw new Error(`Markdown export: ${response.status}`);
      await response.arrayBuffer();
    }),
  );
  return rows;
}

function printCallSites(rows, beforeRows) {
  const find = (list, site) => list?.find((row) => row.site === site);
  const cell = (row, field) => (row ? String(row[field]) : '—');
  const header = [
    'call site',
    'reads before',
    'reads after',
    'course gets before',
    'course gets after',
    'writes before',
    'writes after',
  ];
  const lines = rows.map((row) => {
    const old = find(beforeRows, row.site);
    return [
      row.site,
      cell(old, 'reads'),
      cell(row, 'reads'),
      cell(old, 'documentGets'),
      cell(row, 'documentGets'),
      cell(old, 'writes'),
      cell(row, 'writes'),
    ];
  });
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i].length)),
  );
  const format = (line) => `| ${line.map((text, i) => text.padEnd(widths[i])).join(' | ')} |`;
  console.log("\nCall sites that read a document twice before (the API's reads only):\n");
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  if (!beforeRows) {
    console.log(
      '\n"before" is empty: run `npm run bench:outline-reads -- --before <ref>` to run this same ' +
        'bench against an older commit (a temporary git worktree) and fill it in.',
    );
  }
}
