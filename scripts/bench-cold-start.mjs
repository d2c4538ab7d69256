import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildFunctions } from './lib/build.mjs';
import { ROOT } from './lib/paths.mjs';

/**
 * npm run bench:cold-start
 *
 * Builds the API bundle, then, in fresh Node processes (as a new Cloud Functions instance would),
 * times importing the functions entry point, and separately the first imports of the Firestore
 * SDK (the first request that reads or writes) and of the Gemini SDK (the first AI request),
 * which the entry point leaves to first use. Prints the median of several runs (seven; two with
 * BENCH_QUICK=1).
 */
const RUNS = process.env.BENCH_QUICK === '1' ? 2 : 7;
const entry = path.join(ROOT, 'functions/dist/index.js');
const functionsDir = path.join(ROOT, 'functions');

function timeImport(specifier) {
  const script = `
    const started = performance.now();
    await import(${JSON.stringify(specifier)});
    process.stdout.write(String(performance.now() - started));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: functionsDir,
    encoding: 'utf8',
    env: { ...process.env, GCLOUD_PROJECT: 'demo-coursecraft', METADATA_SERVER_DETECTION: 'none' },
  });
  if (run.status !== 0) throw new Error(`import ${specifier} failed:\n${run.stderr}`);
  return Number(run.stdout);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log('Building the API bundle...');
await buildFunctions();
const figures = [
  ['functions entry point (functions/dist/index.js)', `file://${entry}`],
  ['firebase-admin/firestore, first Firestore request only', 'firebase-admin/firestore'],
  ['@google/genai, first AI request only', '@google/genai'],
];
console.log(`\nImport time in a fresh Node ${process.version} process, median of ${RUNS}:`);
for (const [label, specifier] of figures) {
  const times = Array.from({ length: RUNS }, () => timeImport(specifier));
  console.log(
    `  ${label}: ${Math.round(median(times))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`,
  );
}
