import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:lighthouse [-- <page> ...]
 *
 * Lighthouse with its default mobile settings (a mid-range phone on slow 4G, simulated) on each
 * page (`/home` unless pages are given), five runs per page against the local suite's Hosting
 * emulator (the built app with firebase.json's clean URLs and rewrites, and the API for the
 * testimonials). Prints each run, then per page the median and spread (min–max) of the
 * performance and accessibility scores and of each metric, and every audit of those categories
 * that failed (scored below 0.9) in any run: its id, title, score and in how many runs.
 * BENCH_QUICK=1: one run per page, no unrecorded first load.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 1 : 5;
const PAGES = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
if (PAGES.length === 0) PAGES.push('/home');
/** Lighthouse shows an audit scored below this as failed. */
const PASSING_SCORE = 0.9;
const CATEGORIES = ['performance', 'accessibility'];
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
      for (const category of CATEGORIES) {
        for (const ref of categories[category].auditRefs) {
          const audit = audits[ref.id];
          if (ref.weight === 0 || audit.score === null || audit.score >= PASSING_SCORE) continue;
          const entry = failed.get(ref.id) ?? { category, title: audit.title, scores: [] };
          entry.scores.push(audit.score);
          failed.set(ref.id, entry);
        }
      }
      runs.push({ scores, metrics });
      console.log(
        `${page} run ${run}: performance ${scores.performance}, accessibility ${scores.accessibility}, ` +
          METRICS.map(([id, name]) => `${name} ${formatMetric(id, metrics[id])}`).join(', '),
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
    `  Failed audits (score below ${PASSING_SCORE})${failed.size === 0 ? ': none' : ':'}`,
  );
  for (const [id, { category, title, scores }] of failed) {
    console.log(
      `    ${category}/${id}: ${title} — score ${withSpread(scores, (s) => s.toFixed(2))}, ` +
        `failed in ${scores.length} of ${runs.length} runs`,
    );
  }
}
