import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedBenchPages } from './lib/bench-pages.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:lighthouse [-- <page> ...]
 *
 * Lighthouse with its default mobile settings (a mid-range phone on slow 4G, simulated) on each
 * page, five runs per page against the local suite's Hosting emulator (the built app with
 * firebase.json's clean URLs and rewrites, the API for the testimonials and the learner pages).
 * The demo data is seeded first, the demo course with a cover as large as a generated one.
 * Pages: `/home`, the demo course's learner page and its lesson with a diagram and the most math,
 * unless pages are given (`{slug}` and `{topic}` stand for the demo course's slug and that
 * lesson's topic). Prints each run, then per page the median and spread (min–max) of the
 * performance and accessibility scores, of each metric and of the bytes transferred (all, and
 * JavaScript), whether the page meets the goals, and every audit of those categories that failed
 * (scored below 0.9) in any run: its id, title, score and in how many runs.
 * BENCH_QUICK=1: one run per page, no unrecorded first load.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 1 : 5;
const REQUESTED = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const DEFAULT_PAGES = ['/home', '/learn/{slug}', '/learn/{slug}/{topic}'];
/** Lighthouse shows an audit scored below this as failed. */
const PASSING_SCORE = 0.9;
const CATEGORIES = ['performance', 'accessibility'];
/** The goals every measured page should meet on a quiet machine. */
const GOALS = {
  performanceMedian: 95,
  performanceWorst: 90,
  accessibility: 100,
  tbtMs: 150,
  cls: 0.02,
};
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) =>
  fs.existsSync(file),
);

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bytes the run transferred: everything, and JavaScript alone (from Lighthouse's request list). */
function bytesOf(audits) {
  const requests = audits['network-requests']?.details?.items ?? [];
  const script = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return { total: audits['total-byte-weight']?.numericValue ?? 0, script };
}

/** Each goal with whether the runs meet it: its text and met. */
function goalsOf(runs) {
  const performance = runs.map((run) => run.scores.performance);
  const accessibility = runs.map((run) => run.scores.accessibility);
  const tbt = median(runs.map((run) => run.metrics['total-blocking-time']));
  const cls = median(runs.map((run) => run.metrics['cumulative-layout-shift']));
  return [
    [
      `performance median ≥ ${GOALS.performanceMedian}`,
      median(performance) >= GOALS.performanceMedian,
    ],
    [`worst run ≥ ${GOALS.performanceWorst}`, Math.min(...performance) >= GOALS.performanceWorst],
    [`accessibility ${GOALS.accessibility}`, Math.min(...accessibility) >= GOALS.accessibility],
    [`TBT ≤ ${GOALS.tbtMs} ms`, tbt <= GOALS.tbtMs],
    [`CLS ≤ ${GOALS.cls}`, cls <= GOALS.cls],
  ];
}

function formatMetric(id, value) {
  if (id === 'cumulative-layout-shift') return value.toFixed(3);
  return `${Math.round(value)} ms`;
}

/** The median and, over several runs, the spread (min–max). */
function withSpread(values, format = String) {
  const [min, max] = [Math.min(...values), Math.max(...values)];
  return values.length > 1
    ? `${format(median(values))} (${format(min)}–${format(max)})`
    : format(values[0]);
}

const suite = await startSuite({ profile: 'test', fakeGemini: false, log: console.log });
let PAGES;
try {
  const demo = await seedBenchPages(suite);
  PAGES = (REQUESTED.length > 0 ? REQUESTED : DEFAULT_PAGES).map((page) =>
    page.replace('{slug}', demo.slug).replace('{topic}', demo.topic),
  );
} catch (error) {
  await suite.stop();
  throw error;
}
const chrome = await chromeLauncher.launch({
  ...(chromePath ? { chromePath } : {}),
  chromeFlags: CHROME_FLAGS,
});
const report = [];
try {
  for (const page of PAGES) {
    const url = `${suite.appUrl}${page}`;
    // One unrecorded load first, so the emulators' first-request costs stay out of the figures.
    if (!QUICK) {
      await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
    }
    const runs = [];
    /** Failed audits by id: title, and the score of each run it failed in. */
    const failed = new Map();
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      if (!result) throw new Error('Lighthouse returned no result.');
      const { categories, audits } = result.lhr;
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, Math.round(categories[category].score * 100)]),
      );
      const metrics = Object.fromEntries(METRICS.map(([id]) => [id, audits[id].numericValue]));
      const bytes = bytesOf(audits);
      for (const category of CATEGORIES) {
        for (const ref of categories[category].auditRefs) {
          const audit = audits[ref.id];
          if (ref.weight === 0 || audit.score === null || audit.score >= PASSING_SCORE) continue;
          const entry = failed.get(ref.id) ?? { category, title: audit.title, scores: [] };
          entry.scores.push(audit.score);
          failed.set(ref.id, entry);
        }
      }
      runs.push({ scores, metrics, bytes });
      console.log(
        `${page} run ${run}: performance ${scores.performance}, accessibility ${scores.accessibility}, ` +
          METRICS.map(([id, name]) => `${name} ${formatMetric(id, metrics[id])}`).join(', ') +
          `, bytes ${kb(bytes.total)} (JS ${kb(bytes.script)})`,
      );
    }
    report.push({ page, runs, failed });
  }
} finally {
  chrome.kill();
  await suite.stop();
}

for (const { page, runs, failed } of report) {
  console.log(
    `\n${page}, Lighthouse mobile, ${RUNS > 1 ? `median (min–max) of ${RUNS} runs` : 'one run'}:`,
  );
  for (const category of CATEGORIES) {
    console.log(`  ${category.padEnd(14)} ${withSpread(runs.map((run) => run.scores[category]))}`);
  }
  for (const [id, name] of METRICS) {
    const format = (value) => formatMetric(id, value);
    console.log(
      `  ${name.padEnd(14)} ${withSpread(
        runs.map((run) => run.metrics[id]),
        format,
      )}`,
    );
  }
  console.log(
    `  ${'bytes'.padEnd(14)} ${withSpread(
      runs.map((run) => run.bytes.total),
      kb,
    )}`,
  );
  console.log(
    `  ${'JS bytes'.padEnd(14)} ${withSpread(
      runs.map((run) => run.bytes.script),
      kb,
    )}`,
  );
  const goals = goalsOf(runs);
  console.log(
    `  Goals: ${goals.every(([, met]) => met) ? 'met' : 'NOT met'} — ` +
      goals.map(([text, met]) => `${text}: ${met ? 'met' : 'not met'}`).join('; '),
  );
  console.log(
    `  Failed audits (score below ${PASSING_SCORE})${failed.size === 0 ? ': none' : ':'}`,
  );
  for (const [id, { category, title, scores }] of failed) {
    console.log(
      `    ${category}/${id}: ${title} — score ${withSpread(scores, (s) => s.toFixed(2))}, ` +
        `failed in ${scores.length} of ${runs.length} runs`,
    );
  }
}
