import { parseArgs } from 'node:util';
import { UnverifiedEmailError, setAdminClaim } from './lib/admin-claim.mjs';
import { PROJECT_ID } from './lib/paths.mjs';
import { portsOf } from './lib/ports.mjs';

/**
 * npm run admin:grant -- <email> [--revoke] [--project <id>]
 *
 * Without --project it changes the account in the running local suite (`npm start`); with
 * --project it changes the real project, using Application Default Credentials
 * (`gcloud auth application-default login` or GOOGLE_APPLICATION_CREDENTIALS).
 */
const USAGE = 'Usage: npm run admin:grant -- <email> [--revoke] [--project <firebase-project-id>]';

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      revoke: { type: 'boolean', default: false },
      project: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const email = positionals[0]?.trim().toLowerCase();
if (values.help || !email || positionals.length > 1) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

let projectId = PROJECT_ID;
if (values.project) {
  projectId = values.project;
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
} else {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${portsOf('dev').auth}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  try {
    await fetch(`http://${host}/`);
  } catch {
    console.error(
      `No Auth emulator answers at ${host}. Start the local suite with \`npm start\`, or pass --project <id> to change a real project.`,
    );
    process.exit(1);
  }
}

try {
  const uid = await setAdminClaim({ projectId, email, admin: !values.revoke });
  const where = values.project ? `project ${projectId}` : 'the local suite';
  console.log(
    `${values.revoke ? 'Revoked admin rights of' : 'Granted admin rights to'} ${email} (${uid}) in ${where}.`,
  );
  console.log(
    'The change applies when the user next signs in or their session token refreshes (within an hour).',
  );
} catch (error) {
  const code = error?.code ?? error?.errorInfo?.code;
  if (error instanceof UnverifiedEmailError) console.error(error.message);
  else if (code === 'auth/user-not-found') console.error(`No account with the e-mail ${email}.`);
  else console.error(`Could not change the admin claim: ${error.message}`);
  process.exit(1);
}
