import fs from 'node:fs';
import path from 'node:path';
import {
  assertFails,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const runsHere = process.env.RULES_EMULATORS === '1';
if (!runsHere) {
  console.log(
    'Skipping security rules tests: they need the official Firestore and Storage emulators ' +
      '(Java 21+), which this machine cannot run. They run wherever `npm test` finds Java 21+.',
  );
}

function hostAndPort(variable: string): { host: string; port: number } {
  const [host = '127.0.0.1', port = '0'] = (process.env[variable] ?? '').split(':');
  return { host, port: Number(port) };
}

describe.skipIf(!runsHere)('security rules', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: 'demo-coursecraft-rules',
      firestore: {
        ...hostAndPort('FIRESTORE_EMULATOR_HOST'),
        rules: fs.readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8'),
      },
      storage: {
        ...hostAndPort('STORAGE_EMULATOR_HOST'),
        rules: fs.readFileSync(path.join(ROOT, 'storage.rules'), 'utf8'),
      },
    });
  });

  beforeEach(async () => {
    await env.clearFirestore();
    await env.clearStorage();
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  it('refuses a signed-in user reading their own profile document directly', async () => {
    const db = env.authenticatedContext('alice').firestore();
    await assertFails(db.doc('users/alice').get());
  });

  it('refuses a signed-in user writing a course directly', async () => {
    const db = env.authenticatedContext('alice').firestore();
    await assertFails(db.collection('courses').add({ owner_id: 'alice', name: 'Algebra' }));
  });

  it('refuses a visitor listing any collection', async () => {
    const db = env.unauthenticatedContext().firestore();
    await assertFails(db.collection('testimonials').get());
  });

  it('refuses an admin-claimed user writing directly', async () => {
    const db = env.authenticatedContext('root', { admin: true }).firestore();
    await assertFails(db.doc('users/bob').set({ is_admin: true }));
  });

  it('refuses direct uploads and reads of generated images', async () => {
    const storage = env.authenticatedContext('alice').storage();
    await assertFails(storage.ref('users/alice/courses/c1/cover.png').putString('x').then());
    await assertFails(storage.ref('users/alice/courses/c1/cover.png').getDownloadURL());
  });
});
