import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildFunctions, buildWeb } from './build.mjs';
import { localEncryptionKey, writeLocalFunctionSecrets } from './secrets.mjs';
import { startFakeGemini } from './fake-gemini.mjs';
import { startFirestoreStandin } from './firestore-standin.mjs';
import { hostingWithCspSources, localEmulatorSources } from './hosting-headers.mjs';
import { officialEmulatorsAvailable } from './java.mjs';
import { PROJECT_ID, ROOT, localDir, profileKey } from './paths.mjs';
import { assertPortsFree, portsOf } from './ports.mjs';

const READY_TIMEOUT_MS = 180_000;

function emulatorList({ withApp, official, profile }) {
  const list = ['auth'];
  if (withApp) list.push('functions', 'hosting');
  if (official) list.push('firestore', 'storage');
  if (official && profile === 'dev') list.push('ui');
  return list;
}

/**
 * What firebase-tools starts beside the emulators asked for: the hub and logging always, the
 * Cloud Tasks emulator (task-queue functions: whole-course jobs) with the Functions emulator.
 */
function companionsOf(emulators) {
  return ['hub', 'logging', ...(emulators.includes('functions') ? ['tasks'] : [])];
}

/**
 * firebase.json with this profile's ports and only the emulators it runs; its Hosting headers
 * are the deployed ones, the emulators' origins added to the Content-Security-Policy.
 */
function writeFirebaseConfig(profile, ports, emulators) {
  const base = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  const config = {
    ...base,
    functions: base.functions.map(({ predeploy: _predeploy, ...rest }) => rest),
    hosting: {
      ...hostingWithCspSources(base.hosting, localEmulatorSources(ports, emulators)),
      public: path.relative(ROOT, localDir(profile, 'public')),
    },
    emulators: {
      singleProjectMode: true,
      ui: { enabled: emulators.includes('ui'), host: '127.0.0.1', port: ports.ui },
    },
  };
  delete config.hosting.predeploy;
  for (const name of [...emulators.filter((e) => e !== 'ui'), ...companionsOf(emulators)]) {
    config.emulators[name] = { host: '127.0.0.1', port: ports[name] };
  }
  const file = path.join(ROOT, `firebase.local-${profileKey(profile)}.json`);
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

async function waitFor(check, { timeoutMs, describe, failed }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const why = failed();
    if (why) throw new Error(why);
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000}s waiting for ${describe}.`);
}

function tail(file, lines = 40) {
  if (!fs.existsSync(file)) return '';
  return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/**
 * The Functions emulator runs one request per worker process and starts a new process (a cold
 * start of several seconds under load) whenever all are busy. Concurrent requests at start-up
 * leave that many warm workers behind, so parallel browsers do not wait for cold starts: two
 * browsers each opening the outline page (five requests at once) need ten; one person using
 * `npm start` needs fewer, and each costs start-up time.
 */
const WARM_WORKERS = { dev: 4, test: 10 };

async function warmFunctionWorkers(appUrl, count) {
  await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${appUrl}/api/health`).then((response) => response.arrayBuffer()),
    ),
  );
}

/**
 * The same for the job step function, called the way Cloud Tasks calls it, with a task of a job
 * that does not exist (which it ignores): as many workers as steps a job runs at once, so the
 * first job does not wait for cold starts (under heavy load a cold worker can even miss the
 * emulator's start-up limit, leaving its task hanging).
 */
const WARM_STEP_WORKERS = 4;

async function warmStepWorkers(functionsPort) {
  const url = `http://127.0.0.1:${functionsPort}/${PROJECT_ID}/us-central1/generationStep`;
  const task = { courseId: 'warm-up', jobId: 'warm-up', stepId: 'warm-up', round: 1 };
  await Promise.all(
    Array.from({ length: WARM_STEP_WORKERS }, async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: task }),
      });
      if (!response.ok) throw new Error(`Warming generationStep: ${response.status}`);
    }),
  );
}

/** Where the web app is served locally: Hosting, under both loopback names, and Vite's dev server. */
function appOrigins(ports) {
  return [
    `http://127.0.0.1:${ports.hosting}`,
    `http://localhost:${ports.hosting}`,
    'http://127.0.0.1:5173',
    'http://localhost:5173',
  ];
}

/**
 * Starts a local suite: Auth (+ Functions and Hosting when withApp) on the firebase-tools
 * emulators, Firestore and Storage on the official emulators where Java >= 21 runs them, else
 * the Node Firestore stand-in and images on local disk. Returns its addresses and stop().
 * `standin` forces the stand-in even where the official emulator runs (for its read counter).
 * `fakeGemini` serves Gemini from the local fake (always in the test profile); otherwise the API
 * calls Google's Gemini with each user's key.
 */
export async function startSuite({
  profile = 'dev',
  withApp = true,
  standin: forceStandin = false,
  fakeGemini: useFakeGemini = profile === 'test',
  log = () => {},
  signal,
} = {}) {
  const shared = sharedSuite();
  if (shared) {
    log(`Using the suite already running at ${shared.appUrl} (${SHARED_SUITE_VARIABLE}).`);
    return shared;
  }
  const throwIfCancelled = () => {
    if (signal?.aborted) throw new Error('Start cancelled.');
  };
  const ports = portsOf(profile);
  const official = !forceStandin && officialEmulatorsAvailable();
  const emulators = emulatorList({ withApp, official, profile });
  const portsNeeded = [...emulators, ...companionsOf(emulators)].map((name) => [name, ports[name]]);
  if (!official)
    portsNeeded.push(['firestore', ports.firestore], ['firestore control', ports.firestoreControl]);
  if (useFakeGemini) portsNeeded.push(['fake Gemini', ports.fakeGemini]);
  await assertPortsFree(portsNeeded);

  fs.mkdirSync(localDir(profile), { recursive: true });
  const authEmulatorUrl = `http://127.0.0.1:${ports.auth}`;
  if (withApp) {
    log('Building the API bundle and the web app...');
    await buildFunctions();
    writeLocalFunctionSecrets();
    const { skipped } = await buildWeb(profile, { authEmulatorUrl, fakeGemini: useFakeGemini });
    if (skipped) log('Web app unchanged since the last build; reusing it.');
  }
  throwIfCancelled();

  const firestoreHost = `127.0.0.1:${ports.firestore}`;
  const env = {
    ...process.env,
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    // Offline there is no GCE metadata server; skip google-auth-library's probe for one.
    METADATA_SERVER_DETECTION: 'none',
    // The emulator gives the functions' code 30 s to load; on a busy machine that is not enough.
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '150',
    API_KEY_ENCRYPTION_KEY: localEncryptionKey(),
    APP_ORIGINS: appOrigins(ports).join(','),
    APP_VERSION: JSON.parse(fs.readFileSync(path.join(ROOT, 'functions/package.json'), 'utf8'))
      .version,
  };
  let fakeGemini;
  if (useFakeGemini) {
    fakeGemini = await startFakeGemini({ port: ports.fakeGemini });
    env.GOOGLE_GEMINI_BASE_URL = fakeGemini.url;
  }
  let standin;
  if (official) {
    env.STORAGE_EMULATOR_HOST = `127.0.0.1:${ports.storage}`;
    env.FIREBASE_STORAGE_EMULATOR_HOST = env.STORAGE_EMULATOR_HOST;
    env.IMAGE_STORE = 'cloud';
    env.STORAGE_BUCKET = `${PROJECT_ID}.appspot.com`;
  } else {
    standin = await startFirestoreStandin({
      port: ports.firestore,
      controlPort: ports.firestoreControl,
    });
    env.IMAGE_STORE = 'local';
    env.LOCAL_IMAGE_DIR = localDir(profile, 'images');
    // The authors' source files: a folder apart, which nothing serves.
    env.LOCAL_SOURCE_DIR = localDir(profile, 'sources');
    // The stand-in keeps documents in memory only, so files of an earlier run belong to nothing.
    for (const dir of [env.LOCAL_IMAGE_DIR, env.LOCAL_SOURCE_DIR]) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
    }
  }

  const configFile = writeFirebaseConfig(profile, ports, emulators);
  const args = [
    'emulators:start',
    '--config',
    configFile,
    '--project',
    PROJECT_ID,
    '--only',
    emulators.join(','),
  ];
  const exportDir = localDir(profile, 'emulator-export');
  if (official && profile === 'dev') {
    if (fs.existsSync(exportDir)) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  const logFile = localDir(profile, 'emulators.log');
  const logStream = fs.openSync(logFile, 'w');
  log(
    `Starting emulators (${emulators.join(', ')})${official ? '' : ' with the offline Firestore stand-in'}...`,
  );
  const firebase = spawn(path.join(ROOT, 'node_modules/.bin/firebase'), args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', logStream, logStream],
  });
  let exited = null;
  firebase.once('exit', (code, signal) => (exited = { code, signal }));

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-firebase.pid, 'SIGINT');
      } catch {
        // already gone
      }
      const deadline = Date.now() + 20_000;
      while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      if (!exited) {
        try {
          process.kill(-firebase.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    fs.closeSync(logStream);
    if (standin) await standin.stop();
    if (fakeGemini) await fakeGemini.stop();
  };

  try {
    const failed = () =>
      signal?.aborted
        ? 'Start cancelled.'
        : exited
          ? `The emulators exited early (code ${exited.code}). Last lines of ${logFile}:\n${tail(logFile)}`
          : null;
    await waitFor(
      async () => {
        const response = await fetch(`http://127.0.0.1:${ports.hub}/emulators`);
        const running = await response.json();
        return emulators.every((name) => name in running);
      },
      { timeoutMs: READY_TIMEOUT_MS, describe: `the emulators (see ${logFile})`, failed },
    );
    if (withApp) {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${ports.hosting}/api/health`)).status === 200,
        { timeoutMs: READY_TIMEOUT_MS, describe: `the API health check (see ${logFile})`, failed },
      );
      // The learner pages' own function (robots.txt, which Hosting redirects to it, reads nothing).
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${ports.hosting}/robots.txt`)).status === 200,
        { timeoutMs: READY_TIMEOUT_MS, describe: `the learn function (see ${logFile})`, failed },
      );
      const warmStart = Date.now();
      const workers = WARM_WORKERS[profile];
      await Promise.all([
        warmFunctionWorkers(`http://127.0.0.1:${ports.hosting}`, workers),
        warmStepWorkers(ports.functions),
      ]);
      log(
        `Warmed ${workers} API and ${WARM_STEP_WORKERS} job step workers in ${Date.now() - warmStart} ms.`,
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    profile,
    official,
    ports,
    env: {
      GCLOUD_PROJECT: PROJECT_ID,
      METADATA_SERVER_DETECTION: 'none',
      FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST,
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      API_KEY_ENCRYPTION_KEY: env.API_KEY_ENCRYPTION_KEY,
      APP_ORIGINS: env.APP_ORIGINS,
      FIRESTORE_CONTROL_HOST: official ? firestoreHost : `127.0.0.1:${ports.firestoreControl}`,
      // Where the Admin SDK queues tasks (the in-process API of the API tests, scripts).
      ...(withApp ? { CLOUD_TASKS_EMULATOR_HOST: `127.0.0.1:${ports.tasks}` } : {}),
      // Tests read the whole stand-in through its control server's dump (it cannot list collections).
      ...(official ? {} : { FIRESTORE_STANDIN: '1' }),
      ...(fakeGemini ? { GOOGLE_GEMINI_BASE_URL: fakeGemini.url } : {}),
      IMAGE_STORE: env.IMAGE_STORE,
      ...(official
        ? {
            STORAGE_EMULATOR_HOST: env.STORAGE_EMULATOR_HOST,
            FIREBASE_STORAGE_EMULATOR_HOST: env.STORAGE_EMULATOR_HOST,
            STORAGE_BUCKET: env.STORAGE_BUCKET,
          }
        : { LOCAL_IMAGE_DIR: env.LOCAL_IMAGE_DIR, LOCAL_SOURCE_DIR: env.LOCAL_SOURCE_DIR }),
    },
    appUrl: `http://127.0.0.1:${ports.hosting}`,
    uiUrl: official && profile === 'dev' ? `http://127.0.0.1:${ports.ui}` : null,
    logFile,
    stop,
  };
}

/**
 * Names a file written by `shareSuite`: every `startSuite` in the process (and its children) then
 * uses that running suite instead of starting one, and its `stop` leaves it running. The quick
 * bench stage starts one suite for all its benches, so they take seconds each, not a start each.
 */
export const SHARED_SUITE_VARIABLE = 'COURSECRAFT_SHARED_SUITE';

/** Writes what a started suite's users need (addresses, variables) to `file` for `sharedSuite`. */
export function shareSuite(suite, file) {
  const description = Object.fromEntries(Object.entries(suite).filter(([key]) => key !== 'stop'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(description));
}

function sharedSuite() {
  const file = process.env[SHARED_SUITE_VARIABLE];
  if (!file) return null;
  const description = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { ...description, stop: async () => {} };
}
