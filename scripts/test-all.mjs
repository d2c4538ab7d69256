import fs from 'node:fs';
import path from 'node:path';
import { localDir } from './lib/paths.mjs';
import { run } from './lib/run.mjs';
import { seedDemoData } from './lib/seed.mjs';
import { SHARED_SUITE_VARIABLE, shareSuite, startSuite } from './lib/suite.mjs';

/**
 * `npm test`: every suite in one go. Stages may be named to run a subset:
 * node scripts/test-all.mjs [static] [unit] [api] [rules] [e2e] [bench]
 */
const ALL = ['static', 'unit', 'api', 'rules', 'e2e', 'bench'];
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
const unknown = wanted.filter((stage) => !ALL.includes(stage));
if (unknown.length > 0) {
  console.error(`Unknown stage(s): ${unknown.join(', ')}. Known: ${ALL.join(', ')}`);
  process.exit(2);
}

// Ctrl-C stops the emulators this run started instead of leaving them holding ports.
const interrupted = new AbortController();
let activeSuite;
const onInterrupt = async () => {
  interrupted.abort();
  await activeSuite?.stop();
  process.exit(130);
};
process.on('SIGINT', onInterrupt);
process.on('SIGTERM', onInterrupt);

/**
 * The API stage's property and random-walk suites make hundreds of requests as one user within
 * a minute; its per-user limits are raised so they are not refused. The tests of the limits set
 * their own (tests/api/support/limits.ts); per-address limits stay as they are (loopback is not
 * limited unless a test asks).
 */
const API_STAGE_USER_LIMITS = {
  AI_REQUESTS_PER_DAY: '100000',
  RATE_LIMIT_AI_PER_USER: '100000',
  RATE_LIMIT_TESTIMONIALS_PER_USER: '100000',
  RATE_LIMIT_PROGRESS_PER_USER: '100000',
  RATE_LIMIT_ANSWERS_PER_USER: '100000',
  RATE_LIMIT_QUIZ_PER_USER: '100000',
  RATE_LIMIT_IMPORT_PER_USER: '100000',
  RATE_LIMIT_TREE_PER_USER: '100000',
  RATE_LIMIT_EXPORT_PER_USER: '100000',
  RATE_LIMIT_PUBLISH_PER_USER: '100000',
  RATE_LIMIT_RESEND_VERIFICATION_PER_USER: '100000',
  RATE_LIMIT_SOURCES_PER_USER: '100000',
};

/**
 * The bench stage runs every `npm run bench:<name>` in its quick mode (BENCH_QUICK=1: small
 * sizes, fewer runs), one after the other, so a bench that no longer runs fails CI. All but
 * those measuring a start of their own share one running suite (see SHARED_SUITE_VARIABLE).
 */
const BENCHES = [
  'startup',
  'size',
  'outline-reads',
  'learner-reads',
  'analytics',
  'generation',
  'cold-start',
  'api',
  'export',
  'lighthouse',
  'abuse',
  'sources',
  'grounding',
];
/** Benches that start what they measure themselves (the product's start, a bare bundle). */
const OWN_PROCESS_BENCHES = ['startup', 'cold-start', 'abuse'];

const reportDir = localDir('test', 'reports');
fs.mkdirSync(reportDir, { recursive: true });
const results = [];
const runStartedAt = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };

function banner(title) {
  console.log(`\n==== ${title} ====`);
}

async function timed(name, body) {
  banner(name);
  const startedAt = Date.now();
  let ok = false;
  try {
    ok = await body();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    totals.failed += 1;
  }
  const seconds = (Date.now() - startedAt) / 1000;
  results.push({ name, ok, seconds });
  return ok;
}

/** Output of a stage run beside another, printed whole when it ends so the two do not interleave. */
function printHeld(title, output) {
  banner(`${title} (ran alongside; its output)`);
  process.stdout.write(output);
}

async function npmScript(script, { quiet = false } = {}) {
  const { code, output } = await run('npm', ['run', '--silent', script], { quiet });
  if (quiet) printHeld(script, output);
  if (code !== 0) totals.failed += 1;
  return code === 0;
}

async function vitest(projects, env = {}, filter = [], { quiet = false } = {}) {
  const output = `${reportDir}/vitest-${projects.join('-')}.json`;
  fs.rmSync(output, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
    ...filter,
  ];
  const { code, output: printed } = await run('npx', args, {
    env: { ...process.env, ...env },
    quiet,
  });
  if (quiet) printHeld(`vitest ${projects.join(', ')}`, printed);
  if (fs.existsSync(output)) {
    const report = JSON.parse(fs.readFileSync(output, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (code !== 0 && report.numFailedTests === 0) totals.failed += 1;
  } else if (code !== 0) {
    totals.failed += 1;
  }
  return code === 0;
}

async function playwright(env) {
  const output = `${reportDir}/playwright.json`;
  fs.rmSync(output, { force: true });
  // E2E_FILTER (spec file names or parts of them, space-separated) narrows the run.
  const filter = (process.env.E2E_FILTER ?? '').split(/[\s,]+/).filter(Boolean);
  const { code } = await run('npx', ['playwright', 'test', '--reporter=list,json', ...filter], {
    env: {
      ...process.env,
      ...env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: output,
      PLAYWRIGHT_OUTPUT_DIR: localDir('test', 'playwright-results'),
    },
  });
  if (fs.existsSync(output)) {
    const { stats } = JSON.parse(fs.readFileSync(output, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (code !== 0 && stats.unexpected === 0) totals.failed += 1;
  } else if (code !== 0) {
    totals.failed += 1;
  }
  return code === 0;
}

/**
 * The machines have two cores and most stages wait on something (emulators, a browser, disk), so
 * stages that share nothing run side by side: the static checks and the tooling tests together;
 * the unit tests beside the suite's start and the API tests. The tooling tests rebuild
 * functions/dist, which the Functions emulator serves, so they end before the suite starts.
 */
const pending = [];
if (wanted.includes('static')) {
  pending.push(
    timed('lint', () => npmScript('lint')),
    timed('typecheck', () => npmScript('typecheck', { quiet: true })),
    timed('format', () => npmScript('format:check', { quiet: true })),
  );
}
if (wanted.includes('unit')) {
  pending.push(timed('tooling tests', () => vitest(['tooling'], {}, [], { quiet: true })));
}
await Promise.all(pending.splice(0));

const needsSuite = wanted.some((stage) => ['api', 'rules', 'e2e'].includes(stage));
const sharesSuiteWithBenches = (suite) => wanted.includes('bench') && suite && !suite.official;
let testSuite;
if (wanted.includes('unit')) {
  pending.push(
    timed('unit tests', () =>
      vitest(['contracts', 'markdown', 'functions', 'web'], {}, [], { quiet: needsSuite }),
    ),
  );
}
if (needsSuite) {
  let suite;
  const started = await timed('start the local suite (test profile)', async () => {
    suite = await startSuite({
      profile: 'test',
      // The API tests need the Functions and Cloud Tasks emulators for whole-course jobs.
      withApp: wanted.includes('e2e') || wanted.includes('api') || wanted.includes('bench'),
      log: console.log,
      signal: interrupted.signal,
    });
    activeSuite = suite;
    console.log(
      `Suite up at ${suite.appUrl} (${suite.official ? 'official emulators' : 'offline Firestore stand-in'})`,
    );
    return true;
  });
  if (started) {
    try {
      if (wanted.includes('api')) {
        // API_FILTER (test file names or parts of them, space-separated) narrows the run.
        const filter = (process.env.API_FILTER ?? '').split(/[\s,]+/).filter(Boolean);
        await timed('API integration tests', () =>
          vitest(['api'], { ...suite.env, ...API_STAGE_USER_LIMITS }, filter),
        );
      }
      await Promise.all(pending.splice(0));
      if (wanted.includes('rules')) {
        await timed('security rules tests', () =>
          vitest(['rules'], { ...suite.env, RULES_EMULATORS: suite.official ? '1' : '' }),
        );
      }
      if (wanted.includes('e2e')) {
        await timed('end-to-end tests (Chromium)', async () => {
          await seedDemoData(suite.env, { appUrl: suite.appUrl });
          return playwright({ ...suite.env, E2E_BASE_URL: suite.appUrl });
        });
      }
    } finally {
      if (sharesSuiteWithBenches(suite)) testSuite = suite;
      else await suite.stop();
    }
  }
}
await Promise.all(pending.splice(0));

if (wanted.includes('bench')) {
  const { scripts } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url)));
  // BENCH_FILTER (bench names or parts of them, space-separated) narrows the run.
  const filter = (process.env.BENCH_FILTER ?? '').split(/[\s,]+/).filter(Boolean);
  const chosen = BENCHES.filter(
    (name) => filter.length === 0 || filter.some((part) => name.includes(part)),
  );
  const startedAt = Date.now();
  const runBench = async (name, env) => {
    const script = `bench:${name}`;
    if (!(script in scripts)) {
      console.log(`\n${script}: skipped, package.json has no such script.`);
      totals.skipped += 1;
      return;
    }
    const ok = await timed(`${script} (BENCH_QUICK=1)`, async () => {
      const { code } = await run('npm', ['run', '--silent', script], {
        env: { ...process.env, ...env, BENCH_QUICK: '1' },
      });
      if (code === 0) totals.passed += 1;
      else totals.failed += 1;
      return code === 0;
    });
    console.log(`${script}: ${ok ? 'ok' : 'FAILED'} in ${results.at(-1).seconds.toFixed(1)}s`);
  };
  const onSuite = chosen.filter((bench) => !OWN_PROCESS_BENCHES.includes(bench));
  if (onSuite.length > 0) {
    let suite = testSuite;
    // The test suite serves the benches when it runs what they need: the stand-in (for its read
    // counters), the fake Gemini and the app. Where the official emulators ran the tests, the
    // benches start a stand-in suite of their own.
    const started =
      suite !== undefined ||
      (await timed('start the local suite for the benches', async () => {
        suite = await startSuite({
          profile: 'test',
          withApp: true,
          standin: true,
          fakeGemini: true,
          log: console.log,
          signal: interrupted.signal,
        });
        activeSuite = suite;
        return true;
      }));
    if (started) {
      const file = path.join(localDir('test'), 'shared-suite.json');
      shareSuite(suite, file);
      try {
        for (const name of onSuite) await runBench(name, { [SHARED_SUITE_VARIABLE]: file });
      } finally {
        await suite.stop();
      }
    }
  } else {
    await testSuite?.stop();
  }
  // After the suite stopped: these start what they measure on their own ports and cores.
  for (const name of chosen.filter((bench) => OWN_PROCESS_BENCHES.includes(bench))) {
    await runBench(name, {});
  }
  console.log(`\nBenches in quick mode: ${((Date.now() - startedAt) / 1000).toFixed(1)}s in all.`);
}

banner('summary');
for (const { name, ok, seconds } of results) {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(40)} ${seconds.toFixed(1)}s`);
}
const failedStages = results.filter((r) => !r.ok).length;
console.log(`\nWall time: ${((Date.now() - runStartedAt) / 1000).toFixed(1)}s`);
console.log(
  `\ncoursecraft: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
);
process.exit(failedStages > 0 ? 1 : 0);
