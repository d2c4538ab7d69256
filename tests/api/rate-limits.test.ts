import { RATE_LIMIT_MESSAGES, aiUsageSchema, tooManyRequestsMessage } from '@coursecraft/contracts';
import request, { type Response } from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import { author, fakeSettings, resetFake } from './support/ai';
import { pathsOf, snapshotDatabase } from './support/database';
import { resetEmulators, signUp } from './support/emulators';
import { atWindowEdge, from, limitsWith } from './support/limits';

/** A 429 that says in words and in `Retry-After` how long to wait, within one window. */
function expectRefused(response: Response, windowSeconds: number): number {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.body).toEqual({
    error: tooManyRequestsMessage(retryAfter),
    code: 'RATE_LIMITED',
  });
  return retryAfter;
}

const registration = (email: string) => ({
  email,
  password: 'correct-horse-9',
  first_name: 'Ada',
  last_name: 'Lovelace',
});

describe('rate limits (Firestore emulator)', () => {
  beforeEach(resetEmulators);

  it('limits each public route per client address, read from the hop the platform appended', async () => {
    const api = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({
        register: { perAddress: 1 },
        'forgot-password': { perAddress: 1 },
        'google-sign-in': { perAddress: 1 },
      }),
    });
    const here = from('198.51.100.7');
    await request(api).post('/api/auth/register').set(here).send(registration('a@example.com'));
    const registerAgain = await request(api)
      .post('/api/auth/register')
      .set(here)
      .send(registration('b@example.com'));
    expectRefused(registerAgain, 3600);
    // What a client writes left of its real address is not its address.
    const spoofed = await request(api)
      .post('/api/auth/register')
      .set({ 'x-forwarded-for': `203.0.113.99, ${here['x-forwarded-for']}` })
      .send(registration('c@example.com'));
    expectRefused(spoofed, 3600);
    await request(api)
      .post('/api/auth/register')
      .set(from('198.51.100.8'))
      .send(registration('d@example.com'))
      .expect(201);

    const forgot = () =>
      request(api).post('/api/auth/forgot-password').set(here).send({ email: 'a@example.com' });
    await forgot().expect(200);
    expectRefused(await forgot(), 3600);

    // Counted before the body is read: a malformed sign-in costs a request too.
    const google = () => request(api).post('/api/auth/google-auth').set(here).send({});
    expect((await google()).status).toBe(400);
    expectRefused(await google(), 3600);
  });

  it('leaves loopback alone on the emulators only, and there unless told to limit it', async () => {
    const once = { register: { perAddress: 1 } };
    const local = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith(once, { onEmulators: true }),
    });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await request(local).post('/api/auth/register').send(registration(email)).expect(201);
    }
    for (const settings of [{ onEmulators: true, limitLoopback: true }, { onEmulators: false }]) {
      await resetEmulators();
      const strict = createApp({ now: atWindowEdge, rateLimits: limitsWith(once, settings) });
      await request(strict)
        .post('/api/auth/register')
        .send(registration('d@example.com'))
        .expect(201);
      expectRefused(
        await request(strict).post('/api/auth/register').send(registration('e@example.com')),
        3600,
      );
    }
  });

  it('counts requests without every hop, or naming no address, in one shared bucket per route', async () => {
    const api = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith(
        { register: { perAddress: 1 }, 'forgot-password': { perAddress: 1 } },
        { onEmulators: false },
      ),
    });
    const register = (email: string, headers: Record<string, string>) =>
      request(api).post('/api/auth/register').set(headers).send(registration(email));
    // A direct call of the function's URL: one entry, the one its caller wrote (or none).
    await register('a@example.com', { 'x-forwarded-for': '203.0.113.5' }).expect(201);
    for (const [email, headers] of [
      ['b@example.com', { 'x-forwarded-for': '203.0.113.6' }],
      ['c@example.com', {}],
      ['d@example.com', { 'x-forwarded-for': 'unknown, 10.1.2.3' }],
      ['e@example.com', { 'x-forwarded-for': '203.0.113.6:443, 10.1.2.3' }],
    ] as const) {
      expectRefused(await register(email, headers), 3600);
    }
    // Never as the address it claims: that address keeps its own count.
    await register('f@example.com', from('203.0.113.6')).expect(201);
    // The bucket is the route's: another route's shared bucket is untouched.
    await request(api)
      .post('/api/auth/forgot-password')
      .send({ email: 'a@example.com' })
      .expect(200);
  });

  it('counts IPv6 clients per /64', async () => {
    const api = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({ register: { perAddress: 2 } }, { onEmulators: false }),
    });
    const register = (email: string, address: string) =>
      request(api).post('/api/auth/register').set(from(address)).send(registration(email));
    await register('a@example.com', '2001:db8:0:1::1').expect(201);
    await register('b@example.com', '2001:db8:0:1:ffff::2').expect(201);
    expectRefused(await register('c@example.com', '2001:0db8:0000:0001::3'), 3600);
    await register('d@example.com', '2001:db8:0:2::1').expect(201);
  });

  it('shares its counts between instances of the API', async () => {
    const rateLimits = limitsWith({ register: { perAddress: 2 } });
    const [one, two] = [
      createApp({ now: atWindowEdge, rateLimits }),
      createApp({ now: atWindowEdge, rateLimits }),
    ];
    const here = from('198.51.100.7');
    await request(one).post('/api/auth/register').set(here).send(registration('a@example.com'));
    await request(two).post('/api/auth/register').set(here).send(registration('b@example.com'));
    expectRefused(
      await request(one).post('/api/auth/register').set(here).send(registration('c@example.com')),
      3600,
    );
    expectRefused(
      await request(two).post('/api/auth/register').set(here).send(registration('c@example.com')),
      3600,
    );
  });

  it('limits testimonial writes per user', async () => {
    const api = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({ testimonials: { perUser: 2 } }),
    });
    const [ada, bob] = await Promise.all([signUp('ada@example.com'), signUp('bob@example.com')]);
    const as = (user: { idToken: string }) => ({ authorization: `Bearer ${user.idToken}` });
    const write = (user: { idToken: string }) =>
      request(api).post('/api/testimonials').set(as(user)).send({ quote: 'Great', rating: 5 });
    expect((await write(ada)).status).not.toBe(429);
    expect(
      (
        await request(api)
          .delete(`/api/testimonials/${'0'.repeat(24)}`)
          .set(as(ada))
      ).status,
    ).not.toBe(429);
    expectRefused(await write(ada), 3600);
    expect((await write(bob)).status).not.toBe(429);
  });

  it('limits every AI route family per user and per address', async () => {
    const api = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({ ai: { perUser: 1, perAddress: 3 } }),
    });
    const families = [
      (client: Awaited<ReturnType<typeof author>>) => client.post('/add_course', { name: 'Tides' }),
      (client: Awaited<ReturnType<typeof author>>) => client.images('/unknown-course/generate'),
      (client: Awaited<ReturnType<typeof author>>) => client.post('/unknown-course/generate_all'),
      (client: Awaited<ReturnType<typeof author>>) =>
        client.post('/unknown-course/subjects/s/chapters/c/topics/t/generate_questions'),
    ];
    let email = 0;
    for (const call of families) {
      const client = await author(`author-${(email += 1)}@example.com`, { api });
      expect((await call(client)).status).not.toBe(429);
      expectRefused(await call(client), 60);
    }

    const here = from('198.51.100.7');
    for (let user = 0; user < 3; user += 1) {
      const client = await author(`shared-${user}@example.com`, { api });
      expect((await client.post('/add_course', { name: 'Tides' }).set(here)).status).toBe(201);
    }
    const fourth = await author('shared-3@example.com', { api });
    expectRefused(await fourth.post('/add_course', { name: 'Tides' }).set(here), 60);
  });

  it('limits import, the course tree, the Markdown export, publish and the verification resend per user', async () => {
    const once = { perUser: 1 };
    const api = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({
        import: once,
        tree: once,
        export: once,
        publish: once,
        'resend-verification': once,
      }),
    });
    const ada = await author('ada@example.com', { api });
    const courseId = (
      (await ada.post('/create-manual', { name: 'Tides' }).expect(201)).body as { id: string }
    ).id;
    const calls: [() => PromiseLike<Response>, number][] = [
      [() => ada.get(`/${courseId}/tree`), 60],
      [() => ada.get(`/${courseId}/export/markdown`), 3600],
      [() => ada.post(`/${courseId}/publish`), 3600],
      [() => ada.post('/import'), 3600],
      [() => request(api).post('/api/auth/resend-verification').set(ada.auth).send({}), 3600],
    ];
    for (const [call, windowSeconds] of calls) {
      expect((await call()).status).not.toBe(429);
      expectRefused(await call(), windowSeconds);
    }
    // Per user: another author still gets through.
    const bob = await author('bob@example.com', { api });
    expect((await bob.post('/import')).status).not.toBe(429);
  });

  describe('the daily AI budget', () => {
    afterEach(resetFake);

    it('counts AI requests per UTC day, refuses them until midnight, and reports the count', async () => {
      let clock = new Date('2026-11-24T22:00:00Z');
      const api = createApp({
        now: () => clock,
        rateLimits: limitsWith({}, { aiRequestsPerDay: 2 }),
      });
      const ada = await author('ada@example.com', { api });
      const usage = async () =>
        aiUsageSchema.parse(
          (await request(api).get('/api/ai-usage').set(ada.auth).expect(200)).body,
        );

      expect(await usage()).toEqual({ used: 0, limit: 2, resets_at: '2026-11-25T00:00:00.000Z' });
      const tides = await ada.post('/add_course', { name: 'Tides' }).expect(201);
      await ada.post('/add_course', { name: 'Moons' }).expect(201);
      expect((await usage()).used).toBe(2);

      const refused = await ada.post('/add_course', { name: 'Stars' });
      expect([refused.status, refused.body, refused.headers['retry-after']]).toEqual([
        429,
        { error: RATE_LIMIT_MESSAGES.aiBudgetUsed, code: 'AI_BUDGET_SPENT' },
        String(2 * 3600),
      ]);
      expect((await usage()).used).toBe(2);
      // A whole-course job is refused before it starts, rather than failing every step.
      const courseId = (tides.body as { id: string }).id;
      const job = await ada.post(`/${courseId}/generate_all`);
      expect([job.status, job.body]).toEqual([
        429,
        { error: RATE_LIMIT_MESSAGES.aiBudgetUsed, code: 'AI_BUDGET_SPENT' },
      ]);
      expect(pathsOf(await snapshotDatabase()).filter((path) => path.includes('/jobs/'))).toEqual(
        [],
      );
      // Another user's budget is their own.
      const bob = await author('bob@example.com', { api });
      await bob.post('/add_course', { name: 'Tides' }).expect(201);

      clock = new Date('2026-11-25T00:00:01Z');
      expect(await usage()).toEqual({ used: 0, limit: 2, resets_at: '2026-11-26T00:00:00.000Z' });
      await ada.post('/add_course', { name: 'Stars' }).expect(201);
    });

    it('ends an AI request at its deadline and frees the caller’s slots', async () => {
      await fakeSettings({ replyDelayMs: 4000 });
      const api = createApp({ aiDeadlineMs: () => 1000, aiRequestsPerUser: () => 1 });
      const ada = await author('ada@example.com', { api });
      const timedOut = await ada.post('/add_course', { name: 'Tides' });
      expect([timedOut.status, timedOut.body]).toEqual([
        504,
        { error: AI_MESSAGES.timedOut, code: 'GEMINI_UNAVAILABLE' },
      ]);
      expect(
        pathsOf(await snapshotDatabase()).filter((path) => path.startsWith('generation_locks/')),
      ).toEqual([]);
      await fakeSettings({ replyDelayMs: 0 });
      await ada.post('/add_course', { name: 'Tides' }).expect(201);
    });
  });
});
