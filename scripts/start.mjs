import { readSeed, seedDemoData } from './lib/seed.mjs';
import { startSuite } from './lib/suite.mjs';

const startedAt = Date.now();
const log = (line) => console.log(`[coursecraft] ${line}`);

let suite;
try {
  suite = await startSuite({ profile: 'dev', log });
  await seedDemoData(suite.env);
} catch (error) {
  console.error(`\n[coursecraft] Could not start the local suite.\n${error.message}`);
  await suite?.stop();
  process.exit(1);
}

const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
const appUrl = `http://localhost:${suite.ports.hosting}`;
const accounts = readSeed()
  .users.map((u) => `    ${u.admin ? 'admin ' : 'author'}  ${u.email}  /  ${u.password}`)
  .join('\n');
console.log(`
Coursecraft is running (ready in ${seconds}s).

  App:          ${appUrl}
  API health:   ${appUrl}/api/health
  Auth:         http://127.0.0.1:${suite.ports.auth}${suite.uiUrl ? `\n  Emulator UI:  ${suite.uiUrl}` : ''}
  Firestore:    ${suite.official ? 'official emulator' : 'offline stand-in (in memory; Java 21+ runs the official one)'} on ${suite.env.FIRESTORE_EMULATOR_HOST}
  Images:       ${suite.official ? 'Storage emulator' : '.local/dev/images (local disk)'}
  Logs:         ${suite.logFile}

  Demo accounts:
${accounts}

Press Ctrl-C to stop.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log('Stopping...');
  await suite.stop();
  log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
