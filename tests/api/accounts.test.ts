import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { adminAuth } from '../../functions/src/lib/firebase-admin';
import { db } from '../../functions/src/lib/firestore/db';
import { AUTH_MESSAGES } from '../../functions/src/lib/id-token';
import { firestoreAccountRepository } from '../../functions/src/modules/accounts/account-repository';
import {
  ACCOUNT_MESSAGES,
  accountsService,
} from '../../functions/src/modules/accounts/accounts-service';
import {
  oobCodes,
  resetEmulators,
  signIn,
  signInWithGoogle,
  signUp,
  signUpAnonymously,
} from './support/emulators';

const encryptionKey = randomBytes(32);
const APP_ORIGIN = 'http://127.0.0.1:6050';

/** The real API (real Auth emulator, real Firestore protocol) with a test encryption key. */
function api(overrides: Parameters<typeof createApp>[0] = {}) {
  return request(
    createApp({
      apiKeyEncryptionKey: () => encryptionKey,
      appOrigins: () => [APP_ORIGIN],
      ...overrides,
    }),
  );
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const newUser = {
  email: 'Ada@Example.com',
  password: 'analytical-9',
  first_name: 'Ada',
  last_name: 'Lovelace',
};

async function register(body: object = newUser) {
  return api().post('/api/auth/register').send(body);
}

/** Everything the API stores in Firestore, as text, for checks on what is (not) kept. */
async function storedText(): Promise<string> {
  const collections = ['users', 'user_secrets', 'mail'];
  const snapshots = await Promise.all(collections.map((name) => db().collection(name).get()));
  return JSON.stringify(snapshots.flatMap((snapshot) => snapshot.docs.map((doc) => doc.data())));
}

describe('POST /api/auth/register', () => {
  beforeEach(resetEmulators);

  it('creates the Auth user, the profile and a queued welcome e-mail', async () => {
    const response = await register();
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(ACCOUNT_MESSAGES.registered);
    const { user } = response.body;
    expect(user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      is_admin: false,
      is_active: true,
      has_api_key: false,
    });
    expect(Number.isNaN(Date.parse(user.created_at))).toBe(false);

    const record = await adminAuth().getUser(user.id);
    expect(record.email).toBe('ada@example.com');
    expect(record.displayName).toBe('Ada Lovelace');
    const profile = await db().doc(`users/${user.id}`).get();
    expect(profile.get('first_name')).toBe('Ada');

    const mail = await db().collection('mail').get();
    expect(mail.size).toBe(2);
    const welcome = mail.docs
      .map((doc) => doc.data())
      .find((queued) => queued.message.subject === 'Welcome to Coursecraft');
    expect(welcome?.to).toBe('ada@example.com');
    expect(welcome?.message.subject).toBe('Welcome to Coursecraft');
    expect(welcome?.message.text).toContain(`${APP_ORIGIN}/auth?mode=login`);
    expect(JSON.stringify(welcome)).not.toContain(newUser.password);
  });

  it('lets the new account sign in with its password', async () => {
    await register();
    await expect(signIn('ada@example.com', newUser.password)).resolves.not.toBe('');
  });

  it('refuses a second account for the same e-mail, in any letter case', async () => {
    await register();
    const response = await register({ ...newUser, email: 'ADA@example.com' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: ACCOUNT_MESSAGES.emailTaken, code: 'CONFLICT' });
    expect((await db().collection('users').get()).size).toBe(1);
  });

  it.each([
    [{ ...newUser, email: 'not-an-email' }, 'email: Please enter a valid email address'],
    [{ ...newUser, password: 'short' }, 'password: Password must be at least 8 characters'],
    [{ ...newUser, first_name: '  ' }, 'first_name: First name is required'],
    [{ email: newUser.email, password: newUser.password, first_name: 'Ada' }, 'last_name: '],
    [{ ...newUser, last_name: 'x'.repeat(51) }, 'last_name: Last name must be at most 50'],
  ])('refuses invalid input %#', async (body, message) => {
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(message);
    expect((await adminAuth().listUsers()).users).toHaveLength(0);
  });

  it('refuses an oversize body without creating anything', async () => {
    const response = await register({ ...newUser, first_name: 'x'.repeat(600_000) });
    expect(response.status).toBe(413);
    expect((await adminAuth().listUsers()).users).toHaveLength(0);
  });

  it('deletes the Auth user again when the profile cannot be written', async () => {
    const failingStore = {
      ...firestoreAccountRepository,
      createProfile: () => Promise.reject(new Error('Firestore is down')),
    };
    const response = await api({ accountRepository: failingStore })
      .post('/api/auth/register')
      .send(newUser);
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).not.toContain('Firestore is down');
    expect((await adminAuth().listUsers()).users).toHaveLength(0);
    expect((await db().collection('mail').get()).size).toBe(0);
  });
});

describe('GET /api/auth/me', () => {
  beforeEach(resetEmulators);

  it('returns the user as the client reads it, with is_admin from the custom claim', async () => {
    const { body } = await register();
    await adminAuth().setCustomUserClaims(body.user.id, { admin: true });
    const token = await signIn('ada@example.com', newUser.password);
    const response = await api().get('/api/auth/me').set(bearer(token));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...body.user, is_admin: true });
  });

  it('creates the profile of an account made outside the app', async () => {
    const record = await adminAuth().createUser({
      email: 'grace@example.com',
      password: 'compiler-42',
      displayName: 'Grace Brewster Hopper',
    });
    const token = await signIn('grace@example.com', 'compiler-42');
    const response = await api().get('/api/auth/me').set(bearer(token));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: record.uid,
      first_name: 'Grace',
      last_name: 'Brewster Hopper',
      email: 'grace@example.com',
    });
    expect((await db().doc(`users/${record.uid}`).get()).exists).toBe(true);
  });

  it('refuses a missing, revoked or disabled session', async () => {
    expect((await api().get('/api/auth/me')).status).toBe(401);

    const { body } = await register();
    const token = await signIn('ada@example.com', newUser.password);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth().revokeRefreshTokens(body.user.id);
    const revoked = await api().get('/api/auth/me').set(bearer(token));
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ error: AUTH_MESSAGES.revoked, code: 'UNAUTHENTICATED' });

    const fresh = await signIn('ada@example.com', newUser.password);
    await adminAuth().updateUser(body.user.id, { disabled: true });
    const disabled = await api().get('/api/auth/me').set(bearer(fresh));
    expect(disabled.status).toBe(401);
    expect(disabled.body).toEqual({ error: AUTH_MESSAGES.disabled, code: 'UNAUTHENTICATED' });
  });
});

describe('POST /api/auth/google-auth', () => {
  beforeEach(resetEmulators);

  it('creates the profile on first sign-in and returns the same user afterwards', async () => {
    const google = await signInWithGoogle('alan@example.com', 'Alan Mathison Turing');
    const body = {
      firebase_token: google.idToken,
      user_data: {
        uid: google.uid,
        email: 'alan@example.com',
        display_name: 'Alan Mathison Turing',
        photo_url: null,
        email_verified: true,
      },
    };
    const first = await api().post('/api/auth/google-auth').send(body);
    expect(first.status).toBe(200);
    expect(first.body.access_token).toBe(google.idToken);
    expect(first.body.user).toMatchObject({
      id: google.uid,
      first_name: 'Alan',
      last_name: 'Mathison Turing',
      email: 'alan@example.com',
      has_api_key: false,
    });

    await db().doc(`users/${google.uid}`).update({ first_name: 'Al' });
    const again = await api().post('/api/auth/google-auth').send(body);
    expect(again.status).toBe(200);
    expect(again.body.user.first_name).toBe('Al');
    expect((await db().collection('users').get()).size).toBe(1);
  });

  it('refuses user data that does not belong to the token', async () => {
    const google = await signInWithGoogle('alan@example.com', 'Alan Turing');
    const response = await api()
      .post('/api/auth/google-auth')
      .send({
        firebase_token: google.idToken,
        user_data: { uid: 'someone-else', email: 'alan@example.com' },
      });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: ACCOUNT_MESSAGES.googleMismatch,
      code: 'UNAUTHENTICATED',
    });
    expect((await db().collection('users').get()).size).toBe(0);
  });

  it('refuses a forged token', async () => {
    const response = await api()
      .post('/api/auth/google-auth')
      .send({ firebase_token: 'a.b.c', user_data: { uid: 'x', email: 'x@example.com' } });
    expect(response.status).toBe(401);
  });

  it('accepts only the token of a Google sign-in', async () => {
    const password = await signUp('pat@example.com');
    const guest = await signUpAnonymously();
    for (const { uid, idToken } of [password, guest]) {
      const response = await api()
        .post('/api/auth/google-auth')
        .send({ firebase_token: idToken, user_data: { uid, email: 'pat@example.com' } });
      expect([response.status, response.body]).toEqual([
        401,
        {
          error: 'This token is not from a Google sign-in. Please sign in with Google again.',
          code: 'UNAUTHENTICATED',
        },
      ]);
    }
    expect((await db().collection('users').get()).size).toBe(0);
  });
});

describe('/api/auth/api-key', () => {
  beforeEach(resetEmulators);

  const KEY = 'AIzaSyD-test-key_0123456789abcdefghijk';
  const OTHER_KEY = 'AIzaSyD-replacement_key_9876543210zyx';

  async function signedUpToken() {
    const { body } = await register();
    return {
      uid: body.user.id as string,
      token: await signIn('ada@example.com', newUser.password),
    };
  }

  it('saves, replaces and removes the key, storing only ciphertext', async () => {
    const { uid, token } = await signedUpToken();
    const service = accountsService({
      auth: adminAuth,
      accountRepository: firestoreAccountRepository,
      verifyIdToken: (idToken) => adminAuth().verifyIdToken(idToken, true),
      apiKeyEncryptionKey: () => encryptionKey,
      appOrigins: () => [APP_ORIGIN],
      now: () => new Date(),
    });

    const saved = await api().put('/api/auth/api-key').set(bearer(token)).send({ api_key: KEY });
    expect(saved.status).toBe(200);
    expect(saved.body.user.has_api_key).toBe(true);
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    expect(await storedText()).not.toContain(KEY);
    expect(await service.readApiKey(uid)).toBe(KEY);
    const me = await api().get('/api/auth/me').set(bearer(token));
    expect(me.body.has_api_key).toBe(true);
    expect(JSON.stringify(me.body)).not.toContain(KEY);

    const sealed = (await db().doc(`user_secrets/${uid}`).get()).get('api_key');
    const replaced = await api()
      .put('/api/auth/api-key')
      .set(bearer(token))
      .send({ api_key: OTHER_KEY });
    expect(replaced.status).toBe(200);
    expect(await storedText()).not.toContain(OTHER_KEY);
    expect((await db().doc(`user_secrets/${uid}`).get()).get('api_key')).not.toEqual(sealed);
    expect(await service.readApiKey(uid)).toBe(OTHER_KEY);

    const removed = await api().delete('/api/auth/api-key').set(bearer(token));
    expect(removed.status).toBe(200);
    expect(removed.body.user.has_api_key).toBe(false);
    expect((await db().doc(`user_secrets/${uid}`).get()).exists).toBe(false);
    expect(await service.readApiKey(uid)).toBeNull();
  });

  it('refuses a blank, oversize or malformed key and a visitor', async () => {
    const { token } = await signedUpToken();
    for (const api_key of ['  ', 'k'.repeat(201), 'has spaces in it', 42]) {
      const response = await api().put('/api/auth/api-key').set(bearer(token)).send({ api_key });
      expect(response.status).toBe(400);
    }
    expect((await api().put('/api/auth/api-key').send({ api_key: KEY })).status).toBe(401);
    expect((await api().delete('/api/auth/api-key')).status).toBe(401);
    expect((await db().collection('user_secrets').get()).size).toBe(0);
  });
});

describe('POST /api/auth/forgot-password', () => {
  beforeEach(resetEmulators);

  it('queues one reset e-mail with a link to the app and an emulator-issued code', async () => {
    await register();
    const response = await api()
      .post('/api/auth/forgot-password')
      .send({ email: 'ada@example.com', frontend_url: APP_ORIGIN });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });

    const resetMail = (await db().collection('mail').get()).docs
      .map((doc) => doc.data())
      .filter((mail) => mail.message.subject === 'Reset your Coursecraft password');
    expect(resetMail).toHaveLength(1);
    const link = /http\S+reset-password\?oobCode=(\S+)/.exec(resetMail[0]?.message.text);
    expect(link?.[0].startsWith(`${APP_ORIGIN}/reset-password?oobCode=`)).toBe(true);
    const issued = (await oobCodes()).filter((code) => code.requestType === 'PASSWORD_RESET');
    expect(issued.map((code) => code.oobCode)).toContain(decodeURIComponent(link?.[1] ?? ''));

    // A second request within the minute sends nothing more.
    await api().post('/api/auth/forgot-password').send({ email: 'ada@example.com' });
    const after = (await db().collection('mail').get()).docs.filter((doc) =>
      doc.id.startsWith('password-reset-'),
    );
    expect(after).toHaveLength(1);
  });

  it('answers the same for an unknown address and queues nothing', async () => {
    const response = await api()
      .post('/api/auth/forgot-password')
      .send({ email: 'nobody@example.com' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect((await db().collection('mail').get()).size).toBe(0);
  });

  it('never links to an origin outside the configured ones', async () => {
    await register();
    await api()
      .post('/api/auth/forgot-password')
      .send({ email: 'ada@example.com', frontend_url: 'https://attacker.example' });
    const text = JSON.stringify((await db().collection('mail').get()).docs.map((d) => d.data()));
    expect(text).not.toContain('attacker.example');
    expect(text).toContain(`${APP_ORIGIN}/reset-password?oobCode=`);
  });

  it('refuses an invalid e-mail', async () => {
    const response = await api().post('/api/auth/forgot-password').send({ email: 'nope' });
    expect(response.status).toBe(400);
  });
});
