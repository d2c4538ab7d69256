import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { readDemoCourse, seedDemoData } from './lib/seed.mjs';
import { startSuite } from './lib/suite.mjs';

const startedAt = Date.now();
/** `npm start -- --fake-gemini`: AI answers from the local fake, for offline demos. */
const fakeGemini = process.argv.includes('--fake-gemini');
const log = (line) => console.log(`[coursecraft] ${line}`);

// Listen for Ctrl-C before anything starts, so no signal can leave emulators behind.
const cancelStart = new AbortController();
let suite;
let seeded;
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  if (!suite) {
    log('Stopping while starting...');
    cancelStart.abort();
    return;
  }
  log('Stopping...');
  await suite.stop();
  log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

try {
  suite = await startSuite({ profile: 'dev', fakeGemini, log, signal: cancelStart.signal });
  if (cancelStart.signal.aborted) throw new Error('Start cancelled.');
  log('Seeding the demo accounts and the demo course...');
  seeded = await seedDemoData(suite.env, { appUrl: suite.appUrl });
} catch (error) {
  await suite?.stop();
  if (cancelStart.signal.aborted) {
    log('Stopped.');
    process.exit(0);
  }
  console.error(`\n[coursecraft] Could not start the local suite.\n${error.message}`);
  process.exit(1);
}

const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
const appUrl = `http://localhost:${suite.ports.hosting}`;
const demoCourse = readDemoCourse();
const accounts = seeded.seed.users
  .map((u) => `    ${u.admin ? 'admin ' : 'author'}  ${u.email}  /  ${u.password}`)
  .join('\n');
const courseLine = `"${demoCourse.name}" (${demoCourse.owner}, ${seeded.course?.state === 'created' ? 'created now' : 'already there, left as it is'})`;
const learnLine = seeded.course?.learnPath
  ? `${appUrl}${seeded.course.learnPath} (published; open it signed out to learn)`
  : 'not published';
const keyLine = fakeGemini
  ? `${demoCourse.owner} has an API key saved, so every AI button works`
  : 'none saved for the demo (start with --fake-gemini for an offline demo of the AI buttons)';
const images = suite.official
  ? 'Storage emulator'
  : `${path.relative(ROOT, suite.env.LOCAL_IMAGE_DIR)} (local disk)`;
const sourceFiles = suite.official
  ? 'Storage emulator (private: no download URLs)'
  : `${path.relative(ROOT, suite.env.LOCAL_SOURCE_DIR)} (local disk, never served)`;
console.log(`
Coursecraft is running (ready in ${seconds}s).

  App:          ${appUrl}
  API health:   ${appUrl}/api/health
  Auth:         http://127.0.0.1:${suite.ports.auth}${suite.uiUrl ? `\n  Emulator UI:  ${suite.uiUrl}` : ''}
  Firestore:    ${suite.official ? 'official emulator' : 'offline stand-in (in memory; Java 21+ runs the official one)'} on ${suite.env.FIRESTORE_EMULATOR_HOST}
  Images:       ${images}
  Source files: ${sourceFiles}
  Gemini:       ${fakeGemini ? `LOCAL FAKE at ${suite.env.GOOGLE_GEMINI_BASE_URL} (offline demo: canned answers, any API key works)` : "Google's Gemini API, with the API key each user saves in their profile"}
  Logs:         ${suite.logFile}

  Demo accounts:
${accounts}
  Demo course:  ${courseLine}
  Learner page: ${learnLine}
  AI key:       ${keyLine}

Press Ctrl-C to stop.
`);
