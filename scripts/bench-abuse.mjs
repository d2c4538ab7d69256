import { once } from 'node:events';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildFunctions } from './lib/build.mjs';
import { startFirestoreStandin } from './lib/firestore-standin.mjs';
import {
  deployedApiSizing,
  freePort,
  residentMemoryMb,
  startFunctionsFramework,
} from './lib/functions-framework.mjs';
import { ROOT } from './lib/paths.mjs';

/**
 * npm run bench:abuse
 *
 * What requests without a token cost an instance. Builds the API bundle and serves it with
 * Google's functions framework (as deployed), then sends each case with no token: multipart
 * uploads of several sizes to the import route, as many 20 MB uploads at once as an instance
 * serves (its concurrency), one gzip bomb (a small body that inflates to hundreds of megabytes),
 * ten bombs at once, and ten uncompressed JSON bodies near the platform's 32 MB limit at once,
 * with and without Content-Length (the framework parses a body before the app can refuse it). A health request is sent while
 * each case is in flight. For each case it prints the time to answer, the status, whether the
 * health request was answered and how long it took, and the process's resident memory before the case and its peak
 * during it. Each run starts a fresh framework process, so one case's garbage cannot carry over.
 * Several runs per case: the median and the spread (min–max).
 *
 * BENCH_QUICK=1: small sizes, one run each (well under a minute).
 */
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 1 : 3;
const MB = 1024 * 1024;
/** Longer than any answer the API should take; a case still running then counts as a timeout. */
const CASE_TIMEOUT_MS = 60_000;
const IMPORT_PATH = '/api/courses/import';
const HEALTH_PATH = '/api/health';

const DEPLOYED = deployedApiSizing();

/**
 * Like an instance at its memory limit, a process that grows past the `api` function's memory is
 * killed and counted as died (this also keeps the bench from exhausting the machine).
 */
const MEMORY_CAP_MB = DEPLOYED.memoryMb;

function startFramework(firestorePort) {
  return startFunctionsFramework({
    source: bundleDir,
    variables: { FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}` },
  });
}

function multipart(bytes) {
  const head =
    '--zz\r\nContent-Disposition: form-data; name="bundle"; filename="course.zip"\r\n' +
    'Content-Type: application/zip\r\n\r\n';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 7), Buffer.from('\r\n--zz--\r\n')]);
}

/** A JSON body `{"a":"000…"}` of `inflatedBytes`, gzipped: about a thousandth of its size. */
function gzipBomb(inflatedBytes) {
  const zeros = Buffer.alloc(MB, '0');
  const gzip = zlib.createGzip({ level: 9 });
  const chunks = [];
  gzip.on('data', (chunk) => chunks.push(chunk));
  gzip.write('{"a":"');
  for (let written = 0; written < inflatedBytes; written += MB) gzip.write(zeros);
  gzip.end('"}');
  return new Promise((resolve) => gzip.on('end', () => resolve(Buffer.concat(chunks))));
}

/** Sends one request; resolves with its status and time, never rejects. */
async function timed(base, requestPath, init = {}) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${requestPath}`, {
      ...init,
      signal: AbortSignal.timeout(CASE_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    const what =
      error?.name === 'TimeoutError' ? 'timeout' : `failed (${error?.cause?.code ?? 'no answer'})`;
    return { status: what, ms: performance.now() - started };
  }
}

async function runCase({ requests }, firestorePort) {
  const { process: child, base } = await startFramework(firestorePort);
  const before = residentMemoryMb(child.pid);
  let peak = before?.peak ?? 0;
  let overCap = false;
  const sampler = setInterval(() => {
    const now = residentMemoryMb(child.pid);
    if (now) peak = Math.max(peak, now.peak);
    if (peak > MEMORY_CAP_MB && !overCap) {
      overCap = true;
      child.kill('SIGKILL');
    }
  }, 20);
  const abuse = Promise.all(
    requests.map(({ path: requestPath = IMPORT_PATH, ...init }) => timed(base, requestPath, init)),
  );
  // The health request goes out once the abusive ones are on their way.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const health = await timed(base, HEALTH_PATH);
  const answers = await abuse;
  clearInterval(sampler);
  const after = residentMemoryMb(child.pid);
  if (after) peak = Math.max(peak, after.peak);
  const died = overCap || child.exitCode !== null || child.signalCode !== null;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
  return {
    ms: Math.max(...answers.map((answer) => answer.ms)),
    statuses: [...new Set(answers.map((answer) => answer.status))].join('/'),
    healthAnswered: typeof health.status === 'number' && !died,
    healthMs: health.ms,
    healthStatus: health.status,
    rssBefore: before?.now ?? 0,
    peakRss: peak,
    died,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
const figure = (values) => `${median(values).toFixed(0)} (${spread(values)})`;

const uploadSizes = QUICK ? [256 * 1024, MB] : [MB, 4 * MB, 10 * MB];
/** As many of the largest upload the import takes as one instance serves at once. */
const fullUploads = QUICK
  ? { count: 5, bytes: MB }
  : { count: DEPLOYED.concurrency, bytes: 20 * MB };
const bombInflated = QUICK ? 30 * MB : 300 * MB;
const bombsAtOnce = QUICK ? 3 : 10;
/** The platform lets 32 MB through, which the framework parses before the app runs. */
const jsonBytes = QUICK ? 3 * MB : 30 * MB;
const jsonAtOnce = QUICK ? 3 : 10;

// BENCH_ABUSE_BUNDLE=<folder inside the repository>: serve a bundle built before (e.g. from an
// earlier commit, to compare) instead of building the current sources.
const bundleDir = process.env.BENCH_ABUSE_BUNDLE
  ? path.resolve(process.env.BENCH_ABUSE_BUNDLE)
  : path.join(ROOT, 'functions/dist');
if (process.env.BENCH_ABUSE_BUNDLE) {
  console.log(`Serving the bundle in ${bundleDir}`);
} else {
  console.log('Building the API bundle...');
  await buildFunctions();
}
const bomb = await gzipBomb(bombInflated);
const uploadRequest = (bytes) => ({
  method: 'POST',
  headers: { 'content-type': 'multipart/form-data; boundary=zz' },
  body: multipart(bytes),
});
const bombRequest = {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  body: bomb,
};
const emptyObjects = `[${'{},'.repeat(Math.floor(jsonBytes / 3) - 1)}{}]`;
const jsonRequest = {
  path: '/api/courses/create-manual',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: emptyObjects,
};
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
const cases = [
  ...uploadSizes.map((bytes) => ({
    name: `upload of ${bytes >= MB ? `${bytes / MB} MB` : kb(bytes)}, no token`,
    requests: [uploadRequest(bytes)],
  })),
  {
    name: `${fullUploads.count} uploads of ${fullUploads.bytes / MB} MB at once, no token`,
    requests: Array.from({ length: fullUploads.count }, () => uploadRequest(fullUploads.bytes)),
  },
  {
    name: `1 gzip bomb (${kb(bomb.length)} → ${bombInflated / MB} MB), no token`,
    requests: [bombRequest],
  },
  {
    name: `${bombsAtOnce} gzip bombs at once, no token`,
    requests: Array.from({ length: bombsAtOnce }, () => bombRequest),
  },
  {
    name: `${jsonAtOnce} JSON bodies of ${jsonBytes / MB} MB ([{},{},…]) at once, no token`,
    requests: Array.from({ length: jsonAtOnce }, () => jsonRequest),
  },
  {
    name: `${jsonAtOnce} such JSON bodies sent without Content-Length at once, no token`,
    // A getter: a stream is sent once, so each run needs its own.
    get requests() {
      return Array.from({ length: jsonAtOnce }, () => ({
        ...jsonRequest,
        body: new Blob([emptyObjects]).stream(),
        duplex: 'half',
      }));
    },
  },
];

// The health route reads Firestore: the stand-in answers it in milliseconds.
const firestorePort = await freePort();
const firestore = await startFirestoreStandin({
  port: firestorePort,
  controlPort: await freePort(),
});
console.log(
  `${QUICK ? 'Quick mode: ' : ''}${RUNS} run(s) per case; times in ms and memory in MB as ` +
    'median (min–max); each run on a fresh functions framework process.\n',
);
const rows = [];
// BENCH_ABUSE_ONLY=<text>: only the cases whose name contains it.
const only = process.env.BENCH_ABUSE_ONLY;
for (const sample of cases.filter((entry) => !only || entry.name.includes(only))) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await runCase(sample, firestorePort));
  const row = {
    case: sample.name,
    status: [...new Set(runs.map((run) => run.statuses))].join(', '),
    'answer ms': figure(runs.map((run) => run.ms)),
    'health answered': `${runs.filter((run) => run.healthAnswered).length}/${runs.length}`,
    'health status': [...new Set(runs.map((run) => run.healthStatus))].join(', '),
    'health ms': figure(runs.map((run) => run.healthMs)),
    'RSS before MB': figure(runs.map((run) => run.rssBefore)),
    'peak RSS MB': figure(runs.map((run) => run.peakRss)),
    [`died (over ${MEMORY_CAP_MB} MB)`]: `${runs.filter((run) => run.died).length}/${runs.length}`,
  };
  rows.push(row);
  console.log(`${row.case}: ${JSON.stringify(row)}`);
}
await firestore.stop();
console.log('');
console.table(rows);
