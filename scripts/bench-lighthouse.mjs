import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSuite } from './lib/suite.mjs';

/**
 * Lighthouse on /home with its default mobile settings (a mid-range phone on slow 4G, simulated),
 * three runs against the local suite's Hosting emulator (the built app with firebase.json's
 * clean URLs and rewrites, and the API for the testimonials). Prints the median performance and
 * accessibility scores and the median of each metric.
 */
const RUNS = 3;
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

const suite = await startSuite({ profile: 'test', fakeGemini: false, log: console.log });
const chrome = await chromeLauncher.launch({
  ...(chromePath ? { chromePath } : {}),
  chromeFlags: CHROME_FLAGS,
});
const runs = [];
const accessibilityFindings = new Set();
try {
  const url = `${suite.appUrl}/home`;
  // One unrecorded load first, so the emulators' first-request costs stay out of the figures.
  await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result.');
    const { categories, audits } = result.lhr;
    const scores = {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
    };
    const metrics = Object.fromEntries(METRICS.map(([id]) => [id, audits[id].numericValue]));
    const failing = categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
      .map((ref) => `${ref.id}: ${audits[ref.id].title}`);
    for (const audit of failing) accessibilityFindings.add(audit);
    runs.push({ scores, metrics });
    console.log(
      `run ${run}: performance ${scores.performance}, accessibility ${scores.accessibility}, ` +
        METRICS.map(([id, name]) => `${name} ${formatMetric(id, metrics[id])}`).join(', '),
    );
  }
} finally {
  chrome.kill();
  await suite.stop();
}

console.log(`\n/home, Lighthouse mobile, median of ${RUNS} runs:`);
for (const category of ['performance', 'accessibility']) {
  console.log(`  ${category.padEnd(14)} ${median(runs.map((run) => run.scores[category]))}`);
}
for (const [id, name] of METRICS) {
  console.log(
    `  ${name.padEnd(14)} ${formatMetric(id, median(runs.map((run) => run.metrics[id])))}`,
  );
}
