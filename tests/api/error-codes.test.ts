import { JOB_MESSAGES, apiErrorSchema, type ErrorCode } from '@coursecraft/contracts';
import request, { type Response } from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { db } from '../../functions/src/lib/firestore/db';
import { RATE_LIMIT_RULES } from '../../functions/src/lib/rate-limits';
import { generationLockRepository } from '../../functions/src/modules/generation/generation-lock-repository';
import { routeTable } from '../../functions/src/testing/route-table';
import { author, fakeSettings, queueFaults, resetFake, streamedPost } from './support/ai';
import { resetEmulators } from './support/emulators';
import { pollJob, settled } from './support/jobs';
import { atWindowEdge, from, limitsWith } from './support/limits';
import { person } from './support/people';

/**
 * Every error answer is `{ error, code, details? }` with a code that fits its status: checked over
 * the whole route table for a visitor and a stranger, then for each code a route family answers.
 */

/** The codes each status may carry; a code outside its status's list is a mislabelled answer. */
const CODES_BY_STATUS: Record<number, readonly ErrorCode[]> = {
  400: ['VALIDATION', 'EMAIL_NOT_VERIFIED', 'GEMINI_KEY_INVALID'],
  401: ['UNAUTHENTICATED'],
  403: ['FORBIDDEN', 'GEMINI_KEY_MISSING'],
  404: ['NOT_FOUND'],
  409: [
    'CONFLICT',
    'JOB_RUNNING',
    'GENERATION_RUNNING',
    'NO_ATTEMPTS_LEFT',
    'ATTEMPT_SUBMITTED',
    'TOO_MANY_SOURCES',
    'SOURCES_READING',
  ],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  422: ['GEMINI_DECLINED'],
  429: ['RATE_LIMITED', 'AI_BUDGET_SPENT', 'GEMINI_UNAVAILABLE', 'GEMINI_BUSY'],
  500: ['INTERNAL'],
  502: ['GEMINI_UNAVAILABLE', 'GEMINI_CUT_OFF'],
  503: ['MISCONFIGURED', 'INTERNAL'],
  504: ['GEMINI_UNAVAILABLE'],
};

/** An error answer in the contract's shape (no other field) whose code fits its status. */
function expectCoded(response: Response, what: string): ErrorCode {
  const outcome = `${what} → ${response.status} ${JSON.stringify(response.body)}`;
  const parsed = apiErrorSchema.safeParse(response.body);
  expect(parsed.success, outcome).toBe(true);
  const code = parsed.data?.code;
  expect(CODES_BY_STATUS[response.status] ?? [], outcome).toContain(code);
  return code as ErrorCode;
}

function expectError(response: Response, status: number, code: ErrorCode): Response {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(expectCoded(response, `${status}`)).toBe(code);
  return response;
}

const expectNoContent = (response: Response, what: string) =>
  expect([response.status, response.text], what).toEqual([204, '']);

/** No limit on any rule, so a sweep over every route is never refused for its pace. */
const unlimited = limitsWith(
  Object.fromEntries(RATE_LIMIT_RULES.map((rule) => [rule, { perUser: 0, perAddress: 0 }])),
);

const UNKNOWN_ID = 'NoSuchId0000000000000';
const fillUnknown = (path: string) =>
  `/api${path.replace(/:\w+/g, UNKNOWN_ID).replace(/\*\w+/, `users/${UNKNOWN_ID}/x.png`)}`;
const ADMIN_ONLY = /^\/(admin|testimonials\/admin)\//;
/** Routes a visitor may call; every other route refuses a request without a token. */
const PUBLIC = new Set([
  'GET /health',
  'POST /auth/register',
  'POST /auth/google-auth',
  'POST /auth/forgot-password',
  'GET /testimonials',
  'GET /learn/:slug',
  'GET /learn/:slug/topics/:topicId',
  'GET /learn/:slug/topics/:topicId/questions',
  'GET /files/*objectPath',
]);

describe('error codes over the route table', () => {
  const sweepApp = createApp({ rateLimits: unlimited });
  const routes = routeTable(sweepApp);
  let stranger = { authorization: '' };

  beforeAll(async () => {
    await resetEmulators();
    stranger = (await author('stranger@example.com', { api: sweepApp })).auth;
  });

  const send = (method: string, path: string, headers: Record<string, string>) => {
    const pending = request(sweepApp)
      [method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path)
      .set(headers);
    return method === 'POST' || method === 'PUT' ? pending.send({}) : pending;
  };

  for (const { method, path } of routes) {
    const key = `${method} ${path}`;
    it(`${key}: a visitor and a stranger get coded refusals`, async () => {
      const target = fillUnknown(path);
      const asVisitor = await send(method, target, {});
      if (!PUBLIC.has(key)) expectError(asVisitor, 401, 'UNAUTHENTICATED');
      else if (asVisitor.status >= 400) expectCoded(asVisitor, `visitor ${key}`);

      const asStranger = await send(method, target, stranger);
      if (ADMIN_ONLY.test(path)) expectError(asStranger, 403, 'FORBIDDEN');
      else if (/[:*]/.test(path)) expectError(asStranger, 404, 'NOT_FOUND');
      else if (asStranger.status >= 400) expectCoded(asStranger, `stranger ${key}`);
    });
  }

  it('answers an unknown route inside and outside /api with a coded 404', async () => {
    expectError(await request(sweepApp).get('/api/no-such-route'), 404, 'NOT_FOUND');
    expectError(await request(sweepApp).post('/elsewhere').send({}), 404, 'NOT_FOUND');
  });
});

describe('error codes of each family', () => {
  beforeAll(resetEmulators);
  afterEach(resetFake);

  it('a refused body is a VALIDATION naming each field in details.fields', async () => {
    const ada = await author('validation@example.com');
    const refused = expectError(await ada.post('/create-manual', { name: '' }), 400, 'VALIDATION');
    expect(refused.body.details.fields).toEqual({ name: expect.any(String) });
    expect(refused.body.error).toContain('name');
    const register = await request(createApp({ rateLimits: unlimited }))
      .post('/api/auth/register')
      .send({ email: 'not-an-address', password: 'x' });
    expectError(register, 400, 'VALIDATION');
    expect(Object.keys(register.body.details.fields)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('the body gate answers PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, and malformed JSON VALIDATION', async () => {
    const ada = await author('gate@example.com');
    const tooLarge = await ada.post('/create-manual', { name: 'x'.repeat(600 * 1024) });
    expectError(tooLarge, 413, 'PAYLOAD_TOO_LARGE');
    const asText = await ada.post('/create-manual').set('content-type', 'text/plain').send('x');
    expectError(asText, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const malformed = await ada
      .post('/create-manual')
      .set('content-type', 'application/json')
      .send('{"name":');
    expectError(malformed, 400, 'VALIDATION');
  });

  it('Gemini: no key is GEMINI_KEY_MISSING, a refused key GEMINI_KEY_INVALID, an outage GEMINI_UNAVAILABLE', async () => {
    const keyless = await author('keyless@example.com', { withKey: false });
    expectError(await keyless.post('/add_course', { name: 'Tides' }), 403, 'GEMINI_KEY_MISSING');
    const ada = await author('gemini@example.com');
    await queueFaults({ status: 400 });
    expectError(await ada.post('/add_course', { name: 'Tides' }), 400, 'GEMINI_KEY_INVALID');
    await queueFaults({ status: 500 });
    expectError(await ada.post('/add_course', { name: 'Tides' }), 502, 'GEMINI_UNAVAILABLE');
  });

  it('Gemini: a cut-off answer is GEMINI_CUT_OFF, a declined one GEMINI_DECLINED, a busy key GEMINI_BUSY with Retry-After', async () => {
    const ada = await author('endings@example.com');
    await queueFaults({ finishReason: 'MAX_TOKENS' });
    expectError(await ada.post('/add_course', { name: 'Tides' }), 502, 'GEMINI_CUT_OFF');
    await queueFaults({ blockReason: 'PROHIBITED_CONTENT' });
    expectError(await ada.post('/add_course', { name: 'Tides' }), 422, 'GEMINI_DECLINED');
    await queueFaults({ status: 429, retryDelay: '5s' });
    const busy = expectError(await ada.post('/add_course', { name: 'Tides' }), 429, 'GEMINI_BUSY');
    expect(busy.headers['retry-after']).toBe('5');
  });

  it('a streamed lesson’s error event carries the code of its failure', async () => {
    const ada = await author('stream@example.com');
    const course = (await ada.post('/create-manual', { name: 'Tides' }).expect(201)).body.id;
    const s = (await ada.post(`/${course}/subjects`, { name: 'S' }).expect(201)).body.id;
    const ch = (await ada.post(`/${course}/subjects/${s}/chapters`, { name: 'C' }).expect(201)).body
      .id;
    const topics = `/${course}/subjects/${s}/chapters/${ch}/topics`;
    const t = (await ada.post(topics, { name: 'T' }).expect(201)).body.id;
    await queueFaults({ status: 400 });
    const response = await streamedPost(ada, `${topics}/${t}/generate_content`);
    const last = String(response.body).trim().split('\n\n').at(-1) ?? '';
    expect(last.split('\n')[0]).toBe('event: error');
    const data: unknown = JSON.parse(last.split('\n')[1]?.replace(/^data: /, '') ?? 'null');
    expect(data).toEqual({
      status: 400,
      error: expect.any(String),
      code: 'GEMINI_KEY_INVALID',
    });
  });

  it('a node another request generates is GENERATION_RUNNING', async () => {
    const ada = await author('locked@example.com');
    const course = (await ada.post('/create-manual', { name: 'Tides' }).expect(201)).body.id;
    const release = await generationLockRepository(db, () => Date.now()).tryAcquire(
      `subjects:${course}`,
      ada.uid,
    );
    expectError(await ada.post(`/${course}/generate_subjects`), 409, 'GENERATION_RUNNING');
    await release?.();
  });

  it('limits: a spent pace is RATE_LIMITED, a spent day AI_BUDGET_SPENT, both with Retry-After', async () => {
    const paced = createApp({
      now: atWindowEdge,
      rateLimits: limitsWith({ register: { perAddress: 1 } }),
    });
    const here = from('198.51.100.25');
    await request(paced).post('/api/auth/register').set(here).send({});
    const again = await request(paced).post('/api/auth/register').set(here).send({});
    expectError(again, 429, 'RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

    const budgeted = createApp({ rateLimits: limitsWith({}, { aiRequestsPerDay: 1 }) });
    const ada = await author('budget@example.com', { api: budgeted });
    const post = () =>
      request(budgeted).post('/api/courses/add_course').set(ada.auth).send({ name: 'Tides' });
    expect((await post()).status).toBe(201);
    const spent = expectError(await post(), 429, 'AI_BUDGET_SPENT');
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('admin: a non-admin is FORBIDDEN, promoting an unverified account EMAIL_NOT_VERIFIED', async () => {
    const ada = await person('Ada');
    expectError(await ada.get('/admin/users'), 403, 'FORBIDDEN');
    const admin = await person('Alan', { admin: true });
    const promoted = await admin.put(`/admin/users/${ada.uid}/admin`, { is_admin: true });
    expectError(promoted, 400, 'EMAIL_NOT_VERIFIED');
  });

  it('deletes of every level, of a lesson and of a testimonial answer 204 without a body', async () => {
    const ada = await person('Deleter');
    const create = async (path: string, body: object) =>
      (await ada.post(`/courses${path}`, body).expect(201)).body.id as string;
    const course = `/${await create('/create-manual', { name: 'Tides' })}`;
    const subject = `${course}/subjects/${await create(`${course}/subjects`, { name: 'S' })}`;
    const chapter = `${subject}/chapters/${await create(`${subject}/chapters`, { name: 'C' })}`;
    const topic = `${chapter}/topics/${await create(`${chapter}/topics`, { name: 'T' })}`;
    await ada.post(`/courses${topic}/content`, { content: '## Lesson' }).expect(201);

    for (const path of [`${topic}/content`, topic, chapter, subject, course]) {
      expectNoContent(await ada.delete(`/courses${path}`), `DELETE ${path}`);
      expectError(await ada.delete(`/courses${path}`), 404, 'NOT_FOUND');
    }
    const testimonial = await ada.post('/testimonials', { quote: 'Lovely', rating: 5 }).expect(201);
    expectNoContent(await ada.delete(`/testimonials/${testimonial.body.id}`), 'DELETE testimonial');
    expectError(await ada.delete(`/testimonials/${testimonial.body.id}`), 404, 'NOT_FOUND');
  });

  it(
    'a second start while a job runs is JOB_RUNNING naming the job; Stop answers 204',
    { timeout: 90_000 },
    async () => {
      const ada = await author('jobs@example.com');
      const course = (await ada.post('/create-manual', { name: 'Tides' }).expect(201)).body.id;
      const c = `/${course}`;
      await fakeSettings({ replyDelayMs: 1500 });
      const started = await ada.post(`${c}/generate_all`).expect(202);
      const jobId = started.body.job_id as string;

      const again = expectError(await ada.post(`${c}/generate_all`), 409, 'JOB_RUNNING');
      expect(again.body).toEqual({
        error: JOB_MESSAGES.alreadyRunning,
        code: 'JOB_RUNNING',
        details: { job_id: jobId },
      });

      expectNoContent(await ada.delete(`${c}/jobs/${jobId}`), 'stop');
      const read = async () => (await ada.get(`${c}/jobs/${jobId}`).expect(200)).body;
      const stopped = await pollJob(read, settled, 60_000);
      expect(stopped.status).toBe('stopped');
      expectError(await ada.delete(`${c}/jobs/NoSuchJob000000000000`), 404, 'NOT_FOUND');
    },
  );
});
