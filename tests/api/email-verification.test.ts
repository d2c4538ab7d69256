import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { adminAuth } from '../../functions/src/lib/firebase-admin';
import { db } from '../../functions/src/lib/firestore/db';
import { AUTH_MESSAGES } from '../../functions/src/lib/id-token';
import { ACCOUNT_MESSAGES } from '../../functions/src/modules/accounts/accounts-service';
import {
  linkAnonymousToPassword,
  oobCodes,
  resetEmulators,
  signIn,
  signInWithGoogle,
  signUp,
  signUpAnonymously,
} from './support/emulators';

const encryptionKey = randomBytes(32);
const APP_ORIGIN = 'http://127.0.0.1:6050';
const VERIFY_SUBJECT = 'Verify your e-mail for Coursecraft';
const KEY = 'AIzaSyD-planted-key_0123456789abcdefghijk';
/** What the product promises, written here rather than read from its own constants. */
const ONE_HOUR_MS = 60 * 60 * 1000;
const THREE_DAYS_MS = 3 * 24 * ONE_HOUR_MS;

/** A clock the tests move by hand, for the resend window and the mails' expiry. */
function manualClock(start = Date.parse('2026-11-24T12:00:00.500Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** The real API (real Auth emulator, real Firestore protocol) with a test key and clock. */
function api(clock = manualClock()) {
  return request(
    createApp({
      apiKeyEncryptionKey: () => encryptionKey,
      appOrigins: () => [APP_ORIGIN],
      now: clock.now,
    }),
  );
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const ada = {
  email: 'ada@example.com',
  password: 'analytical-9',
  first_name: 'Ada',
  last_name: 'Lovelace',
};

async function mailsWithSubject(subject: string) {
  return (await db().collection('mail').get()).docs
    .map((doc) => ({ id: doc.id, ...doc.data() }))
    .filter(
      (mail) => (mail as { message?: { subject?: string } }).message?.subject === subject,
    ) as {
    id: string;
    to: string;
    message: { text: string; html: string };
    expires_at?: unknown;
  }[];
}

/** The code of the app link in a mail's text, e.g. `.../verify-email?oobCode=...`. */
function codeOfLink(text: string, page: string): string | null {
  const match = new RegExp(`${APP_ORIGIN}/${page}\\?oobCode=(\\S+)`).exec(text);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function millisOf(value: unknown): number {
  if (!(value instanceof Timestamp)) throw new Error(`expires_at is not a Timestamp: ${value}`);
  return value.toMillis();
}

describe('verification e-mail', () => {
  beforeEach(resetEmulators);

  it('sign-up queues one with an app link to an emulator-issued code and an expiry', async () => {
    const clock = manualClock();
    const response = await api(clock).post('/api/auth/register').send(ada);
    expect(response.status).toBe(201);

    const [mail, ...others] = await mailsWithSubject(VERIFY_SUBJECT);
    expect(others).toHaveLength(0);
    expect(mail?.to).toBe('ada@example.com');
    const code = codeOfLink(mail?.message.text ?? '', 'verify-email');
    const issued = (await oobCodes()).filter((item) => item.requestType === 'VERIFY_EMAIL');
    expect(issued.map((item) => item.oobCode)).toContain(code);
    expect(millisOf(mail?.expires_at)).toBe(clock.now().getTime() + THREE_DAYS_MS);
  });

  it('an unverified account may still author', async () => {
    await api().post('/api/auth/register').send(ada);
    const token = await signIn(ada.email, ada.password);
    const created = await api()
      .post('/api/courses/create-manual')
      .set(bearer(token))
      .send({ name: 'Algebra' });
    expect(created.status).toBe(201);
  });

  it('resend: one per address and window, refused once verified or without a session', async () => {
    const clock = manualClock();
    await api(clock).post('/api/auth/register').send(ada);
    const token = await signIn(ada.email, ada.password);
    const resend = () => api(clock).post('/api/auth/resend-verification').set(bearer(token));

    // Sign-up queued this window's mail already.
    const early = await resend();
    expect([early.status, early.body]).toEqual([
      429,
      { error: ACCOUNT_MESSAGES.verificationRecentlySent, code: 'RATE_LIMITED' },
    ]);
    expect(await mailsWithSubject(VERIFY_SUBJECT)).toHaveLength(1);

    // One mail per address and clock minute: 12:00:59.500 is still the sign-up's minute.
    clock.advance(59_000);
    expect((await resend()).status).toBe(429);
    clock.advance(1_000);
    const later = await resend();
    expect([later.status, later.body]).toEqual([
      200,
      { message: ACCOUNT_MESSAGES.verificationSent },
    ]);
    const mails = await mailsWithSubject(VERIFY_SUBJECT);
    expect(mails).toHaveLength(2);
    const [newest] = mails.sort((a, b) => millisOf(b.expires_at) - millisOf(a.expires_at));
    expect(millisOf(newest?.expires_at)).toBe(clock.now().getTime() + THREE_DAYS_MS);
    expect(codeOfLink(newest?.message.text ?? '', 'verify-email')).not.toBeNull();
    expect((await resend()).status).toBe(429);

    const uid = (await adminAuth().getUserByEmail(ada.email)).uid;
    await adminAuth().updateUser(uid, { emailVerified: true });
    clock.advance(60_000);
    const verified = await resend();
    expect([verified.status, verified.body]).toEqual([
      409,
      { error: ACCOUNT_MESSAGES.alreadyVerified, code: 'CONFLICT' },
    ]);
    expect(await mailsWithSubject(VERIFY_SUBJECT)).toHaveLength(2);

    expect((await api(clock).post('/api/auth/resend-verification')).status).toBe(401);
  });

  it('the reset e-mail carries an expiry too', async () => {
    const clock = manualClock();
    await api(clock).post('/api/auth/register').send(ada);
    await api(clock).post('/api/auth/forgot-password').send({ email: ada.email });
    const [reset] = await mailsWithSubject('Reset your Coursecraft password');
    expect(millisOf(reset?.expires_at)).toBe(clock.now().getTime() + ONE_HOUR_MS);
    const [welcome] = await mailsWithSubject('Welcome to Coursecraft');
    expect(welcome?.expires_at).toBeUndefined();
  });
});

/** Answers 1.1 s later: revocation compares whole seconds. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function signInWithCustomToken(token: string): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, returnSecureToken: true }),
    },
  );
  const { idToken } = (await response.json()) as { idToken?: string };
  if (!response.ok || !idToken) throw new Error(`Custom token sign-in failed: ${response.status}`);
  return idToken;
}

function googleAuthBody(google: { uid: string; idToken: string }, email: string) {
  return {
    firebase_token: google.idToken,
    user_data: { uid: google.uid, email, display_name: 'Real Owner', email_verified: true },
  };
}

describe('Google sign-in taking over an unverified password account', () => {
  beforeEach(resetEmulators);

  it('revokes the old sessions, drops the planted key and profile, and gives the owner a working session', async () => {
    // Someone registers the owner's address with a password, plants a key and names.
    const registered = await api().post('/api/auth/register').send(ada);
    const uid = registered.body.user.id as string;
    const plantedToken = await signIn(ada.email, ada.password);
    expect(
      (await api().put('/api/auth/api-key').set(bearer(plantedToken)).send({ api_key: KEY }))
        .status,
    ).toBe(200);
    await api()
      .post('/api/courses/create-manual')
      .set(bearer(plantedToken))
      .send({ name: 'Planted course' });

    await nextSecond();
    const google = await signInWithGoogle(ada.email, 'Real Owner');
    expect(google.uid).toBe(uid);
    await nextSecond();
    const answer = await api()
      .post('/api/auth/google-auth')
      .send(googleAuthBody(google, ada.email));
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      id: uid,
      first_name: 'Real',
      last_name: 'Owner',
      has_api_key: false,
    });
    expect(typeof answer.body.custom_token).toBe('string');

    // Every session from before the takeover is refused, the owner's popup session included.
    for (const old of [plantedToken, google.idToken]) {
      const refused = await api().get('/api/auth/me').set(bearer(old));
      expect([refused.status, refused.body]).toEqual([
        401,
        { error: AUTH_MESSAGES.revoked, code: 'UNAUTHENTICATED' },
      ]);
    }
    expect((await db().doc(`user_secrets/${uid}`).get()).exists).toBe(false);

    const ownerToken = await signInWithCustomToken(answer.body.custom_token);
    const me = await api().get('/api/auth/me').set(bearer(ownerToken));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ first_name: 'Real', has_api_key: false });
    // The courses stay: the owner sees them and decides.
    const courses = await api().get('/api/courses/my-courses').set(bearer(ownerToken));
    expect(courses.body.map((course: { name: string }) => course.name)).toEqual(['Planted course']);

    // Done once: the next Google sign-in is an ordinary one.
    const nextGoogle = await signInWithGoogle(ada.email, 'Real Owner');
    const again = await api()
      .post('/api/auth/google-auth')
      .send(googleAuthBody(nextGoogle, ada.email));
    expect(again.status).toBe(200);
    expect(again.body.custom_token).toBeUndefined();
  });

  /**
   * Plants a key through the API with `token` (an unverified password account made without
   * `POST /auth/register`), then signs in with Google to the same address: the key must go.
   */
  async function expectPlantedKeyDropped(uid: string, token: string) {
    const me = await api().get('/api/auth/me').set(bearer(token));
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect((await db().doc(`users/${uid}`).get()).get('unverified_password_sign_up')).toBe(true);
    const planted = await api().put('/api/auth/api-key').set(bearer(token)).send({ api_key: KEY });
    expect(planted.status).toBe(200);
    expect((await db().doc(`user_secrets/${uid}`).get()).exists).toBe(true);

    await nextSecond();
    const google = await signInWithGoogle(ada.email, 'Real Owner');
    expect(google.uid).toBe(uid);
    await nextSecond();
    const answer = await api()
      .post('/api/auth/google-auth')
      .send(googleAuthBody(google, ada.email));
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: uid, first_name: 'Real', has_api_key: false });
    expect(typeof answer.body.custom_token).toBe('string');
    expect((await db().doc(`user_secrets/${uid}`).get()).exists).toBe(false);
    const refused = await api().get('/api/auth/me').set(bearer(token));
    expect(refused.status).toBe(401);
  }

  it('drops a key planted in an account made by Save your progress', async () => {
    const learner = await signUpAnonymously();
    const token = await linkAnonymousToPassword(learner.idToken, {
      email: ada.email,
      password: ada.password,
      displayName: 'Ada Lovelace',
    });
    await expectPlantedKeyDropped(learner.uid, token);
  });

  it('drops a key planted in an account made by the client SDK directly', async () => {
    const account = await signUp(ada.email, ada.password);
    await expectPlantedKeyDropped(account.uid, account.idToken);
  });

  it('marks the account whether the key or an unmarked profile comes first', async () => {
    const mark = async (uid: string) =>
      (await db().doc(`users/${uid}`).get()).get('unverified_password_sign_up') as unknown;
    const first = await signUp(ada.email, ada.password);
    const putKey = (token: string) =>
      api().put('/api/auth/api-key').set(bearer(token)).send({ api_key: KEY });
    expect((await putKey(first.idToken)).status).toBe(200);
    expect(await mark(first.uid)).toBe(true);

    // A profile stored unmarked (as before this check existed) is marked at its next write.
    const second = await signUp('grace@example.com', 'compiler-9');
    await api().get('/api/auth/me').set(bearer(second.idToken));
    await db().doc(`users/${second.uid}`).update({ unverified_password_sign_up: false });
    expect((await putKey(second.idToken)).status).toBe(200);
    expect(await mark(second.uid)).toBe(true);
  });

  it('never marks a verified password account', async () => {
    const account = await signUp(ada.email, ada.password);
    await adminAuth().updateUser(account.uid, { emailVerified: true });
    const token = await signIn(ada.email, ada.password);
    expect((await api().get('/api/auth/me').set(bearer(token))).status).toBe(200);
    expect((await db().doc(`users/${account.uid}`).get()).get('unverified_password_sign_up')).toBe(
      false,
    );
  });

  it('leaves a verified password account that links Google alone', async () => {
    const registered = await api().post('/api/auth/register').send(ada);
    const uid = registered.body.user.id as string;
    await adminAuth().updateUser(uid, { emailVerified: true });
    const token = await signIn(ada.email, ada.password);
    await api().put('/api/auth/api-key').set(bearer(token)).send({ api_key: KEY });

    const google = await signInWithGoogle(ada.email, 'Real Owner');
    const answer = await api()
      .post('/api/auth/google-auth')
      .send(googleAuthBody(google, ada.email));
    expect(answer.status).toBe(200);
    expect(answer.body.custom_token).toBeUndefined();
    expect(answer.body.user).toMatchObject({ first_name: 'Ada', has_api_key: true });
    expect((await api().get('/api/auth/me').set(bearer(token))).status).toBe(200);
  });
});
