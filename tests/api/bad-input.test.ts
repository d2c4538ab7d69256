import { apiErrorSchema, type GenerationJob, type SourcesResponse } from '@coursecraft/contracts';
import type { Request } from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { lessonVersionId } from '../../functions/src/lib/firestore/paths';
import { OUTLINE_NOT_FOUND } from '../../functions/src/modules/outline';
import { JOB_NOT_FOUND } from '../../functions/src/modules/jobs/jobs-service';
import { forEachRoute, routeTable } from '../../functions/src/testing/route-table';
import { USER_KEY, app, resetFake, toneWav } from './support/ai';
import { snapshotDatabase, writeRequestCount } from './support/database';
import { resetEmulators } from './support/emulators';
import { pollJob, settled } from './support/jobs';
import { person } from './support/people';
import { seedQuestions, seededQuestion } from './support/seeded-questions';
import { inputOf } from './support/questions';

/**
 * Property-based bad input against every route with a body or a path parameter: each refused
 * request is a 4xx with a message, never a 5xx, and leaves every Firestore document as it was.
 * BAD_INPUT_RUNS sets how many generated inputs each property tries (default 20).
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);
const PASSWORD = 'correct-horse-9';

/** A valid body for every route that reads one; the suite breaks it in every way it can. */
const BODIES: Record<string, Record<string, unknown>> = {
  'POST /auth/register': {
    email: 'new@example.com',
    password: PASSWORD,
    first_name: 'Nia',
    last_name: 'New',
  },
  'POST /auth/google-auth': {
    firebase_token: 'token',
    user_data: { uid: 'u', email: 'g@example.com', display_name: 'G' },
  },
  'POST /auth/forgot-password': { email: 'someone@example.com' },
  'PUT /auth/api-key': { api_key: USER_KEY },
  'POST /auth/resend-verification': { frontend_url: 'http://127.0.0.1:6050' },
  // Before any route adds to the caller's tree: it is whole and its topic has a question
  // (seeded), so a start is refused as nothing missing and no job writes in the background.
  'POST /courses/:courseId/generate_all': { include_questions: true },
  // Accepted bodies add up to 20 questions, then are refused at the limit.
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_questions':
    { mode: 'replace', instructions: 'Ask about spring tides' },
  'POST /courses/create-manual': {
    name: 'Course',
    description: 'About it',
    settings: { level: 'Advanced', language: 'Español' },
  },
  'POST /courses/add_course': {
    name: 'A course about tides',
    settings: { audience: 'sailors', lesson_length: 'Short' },
  },
  'PUT /courses/:courseId': { name: 'Course', description: 'About it' },
  'PUT /courses/:courseId/settings': {
    audience: 'first-year engineering students',
    level: 'Intermediate',
    language: 'English',
    tone: 'Academic',
    lesson_length: 'Long',
  },
  'POST /courses/:courseId/subjects': { name: 'Subject', description: 'About it' },
  'PUT /courses/:courseId/subjects/:subjectId': { name: 'Subject', description: 'About it' },
  'POST /courses/:courseId/subjects/:subjectId/chapters': { name: 'Chapter' },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId': { name: 'Chapter' },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics': { name: 'Topic' },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId': {
    name: 'Topic',
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content': {
    content: '## Lesson',
  },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content': {
    content: '## Lesson',
  },
  'POST /testimonials': { quote: 'Great', rating: 5 },
  'PUT /testimonials/:id': { quote: 'Great', rating: 5 },
  'PUT /testimonials/admin/:id/approve': { approved: true },
  'PUT /admin/users/:id/status': { is_active: true },
  'PUT /admin/users/:id/admin': { is_admin: false },
  'PUT /learn/:slug/progress': { completed_topic_ids: [] },
  // Refused as a question the topic does not have (the tree has none).
  'POST /learn/:slug/topics/:topicId/answers': {
    version: 1,
    answers: [{ question_id: 'q1', response: { value: true } }],
  },
  // Refused as an attempt the caller does not have.
  'POST /learn/:slug/chapters/:chapterId/attempts/:attemptId/submit': {
    answers: [{ question_id: 'q1', response: { value: true } }],
  },
  'POST /courses/:courseId/publish': { listed: true },
  'PUT /courses/:courseId/publish/listing': { listed: false },
  // Valid in shape; refused as not the list's items and as an unknown chapter, which is fine:
  // a refusal must change nothing either.
  'PUT /courses/:courseId/subjects/order': { ids: [] },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/order': { ids: [] },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/order': { ids: [] },
  // Refused as not a diagram of the lesson.
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/diagrams': {
    drawings: [{ key: '0'.repeat(64), light: '<svg></svg>', dark: '<svg></svg>' }],
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/move': {
    chapter_id: 'x'.repeat(20),
    index: 0,
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/questions':
    inputOf('single_choice'),
  // Valid in shape; refused as not the topic's questions.
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/questions/order':
    { ids: [] },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/questions/:questionId':
    inputOf('ordering'),
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/quiz': {
    questions_per_attempt: 5,
    pass_mark: 80,
    attempts: 3,
    shuffle: true,
    show_answers_after: 'each_attempt',
  },
  // Regenerations replace what the caller's tree holds, so they come last, deepest level first,
  // and the tree is built again after each (REBUILDS_THE_TREE).
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_content':
    { instructions: 'Explain it with a cooking analogy' },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/generate_topics': {
    instructions: 'Fewer topics, more practice',
  },
  'POST /courses/:courseId/subjects/:subjectId/generate_chapters': {
    instructions: 'Start with the basics',
  },
  'POST /courses/:courseId/generate_subjects': { instructions: 'Add a subject on history' },
};

/** Routes whose accepted bodies replace items of the caller's tree (see BODIES). */
const REBUILDS_THE_TREE = /\/generate_(subjects|chapters|topics|content)$/;

interface Ids {
  courseId: string;
  subjectId: string;
  chapterId: string;
  topicId: string;
  /** A testimonial and a user id the caller may act on. */
  id: string;
  userId: string;
  /** The share link of the published course. */
  slug: string;
  /** The first version of the topic's lesson. */
  versionId: string;
  /** The course's whole-course job, settled ('' when the tree was built without one). */
  jobId: string;
  /** A question of the topic. */
  questionId: string;
  /** The caller's first attempt at the chapter's quiz, never started here. */
  attemptId: string;
  /** One of the course's sources, read (Ready). */
  sourceId: string;
}

/** Fills a route pattern with ids; `replace` swaps one parameter for a hostile, URL-encoded value. */
function fill(pattern: string, ids: Ids, replace?: { param: string; value: string }): string {
  const path = pattern.replace(/[:*](\w+)/g, (_, param: string) => {
    if (replace?.param === param) return replace.value;
    if (param === 'objectPath') return 'users/x/cover.png';
    if (param === 'id') return pattern.startsWith('/admin/users') ? ids.userId : ids.id;
    return ids[param as keyof Ids];
  });
  return `/api${path}`;
}

const paramsOf = (pattern: string) => [...pattern.matchAll(/[:*](\w+)/g)].map((m) => m[1] ?? '');

// --- Generators -----------------------------------------------------------------------------

const hugeString = fc.constantFrom('x'.repeat(10_001), 'é'.repeat(60_000), '𝑥'.repeat(120_000));
const unicodeString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', '\u202e evil', '👩‍👩‍👧‍👦', 'ﷺ'.repeat(20), '\ud800'),
);
const blankString = fc.constantFrom('', ' ', '\n\t ', '\u00a0\u2003');
/** A value of any type but the one a field wants, or a string no field wants. */
const hostileValue = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  blankString,
  unicodeString,
  hugeString,
);

/** The valid body with each field kept, dropped or replaced by a hostile value; or any JSON. */
function bodyFor(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const mutated = fc
    .tuple(
      ...Object.keys(valid).map((key) =>
        fc.oneof(
          fc.constant({ key, keep: true as const }),
          fc.constant({ key, drop: true as const }),
          hostileValue.map((value) => ({ key, value })),
        ),
      ),
    )
    .map((choices) => {
      const body: Record<string, unknown> = {};
      for (const choice of choices) {
        if ('keep' in choice) body[choice.key] = valid[choice.key];
        else if ('value' in choice) body[choice.key] = choice.value;
      }
      return body;
    });
  return fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: fc.jsonValue() });
}

/**
 * Object.prototype's names (`toString`, ...) as ids crash the offline Firestore stand-in, which
 * keys documents in plain objects; the real emulator and Firestore store them like any id. The
 * API refuses all but one of them by shape (20 characters) before reading; they are left out so
 * that the stand-in's bug does not pass for the API's.
 */
const inPrototype = (value: string) => Object.getOwnPropertyNames(Object.prototype).includes(value);

/**
 * An id no route should accept as the caller's, URL-encoded: odd shapes, another user's ids, and
 * percent-encodings that are not UTF-8 at all.
 */
function hostileId(othersIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    unicodeString
      .filter((value) => value.length > 0 && value.isWellFormed() && !inPrototype(value))
      .map(encodeURIComponent),
    fc
      .constantFrom('.', '..', '__id__', 'a/b', '../../etc', '%2F', '*', 'a'.repeat(1600), ' ')
      .map(encodeURIComponent),
    fc.constantFrom('%ED%A0%80', '%FF%FE', '%', '%G1', '%00'),
    fc.constantFrom(...othersIds),
  );
}

// --- The suite ------------------------------------------------------------------------------

/** How long a tree's whole-course job may take on the Cloud Tasks and Functions emulators. */
const JOB_TIMEOUT_MS = 60_000;

/**
 * Polls the job until it has settled (no longer running, no step in flight), so that no step
 * writes after the suite has taken its reference snapshot.
 */
function settledJob(authorization: string, path: string): Promise<GenerationJob> {
  const read = async () => {
    const response = await request(app)
      .get(`/api${path}`)
      .set('authorization', `Bearer ${authorization}`)
      .expect(200);
    return response.body as GenerationJob;
  };
  return pollJob(read, settled, JOB_TIMEOUT_MS);
}

/**
 * A course tree down to a lesson, and unless told not to a testimonial, owned by the holder of
 * `authorization` (who must have saved an API key when `job` is asked for). With `job`, the
 * lesson is written by a whole-course job, which has settled when the tree is returned.
 */
async function tree(
  authorization: string,
  { testimonial = true, job = false }: { testimonial?: boolean; job?: boolean } = {},
): Promise<Omit<Ids, 'userId'>> {
  const post = async (path: string, body: object) =>
    (
      await request(app)
        .post(`/api${path}`)
        .set('authorization', `Bearer ${authorization}`)
        .send(body)
        .expect(201)
    ).body.id as string;
  const courseId = await post('/courses/create-manual', { name: 'Tides' });
  const subjectId = await post(`/courses/${courseId}/subjects`, { name: 'Moon' });
  const chapterId = await post(`/courses/${courseId}/subjects/${subjectId}/chapters`, {
    name: 'Orbits',
  });
  const c = `/courses/${courseId}/subjects/${subjectId}/chapters/${chapterId}`;
  const topicId = await post(`${c}/topics`, { name: 'Periods' });
  let jobId = '';
  if (job) {
    jobId = (
      await request(app)
        .post(`/api/courses/${courseId}/generate_all`)
        .set('authorization', `Bearer ${authorization}`)
        .expect(202)
    ).body.job_id as string;
    const ended = await settledJob(authorization, `/courses/${courseId}/jobs/${jobId}`);
    expect(ended).toMatchObject({ status: 'finished', total: 1, done: 1 });
  } else {
    await post(`${c}/topics/${topicId}/content`, { content: '## Periods' });
  }
  const questionId = await post(`${c}/topics/${topicId}/questions`, inputOf('true_false'));
  const id = testimonial ? await post('/testimonials', { quote: 'Lovely', rating: 5 }) : '';
  const published = await request(app)
    .post(`/api/courses/${courseId}/publish`)
    .set('authorization', `Bearer ${authorization}`)
    .expect(200);
  const slug = published.body.slug as string;
  const sourceId = (
    await request(app)
      .post(`/api/courses/${courseId}/sources`)
      .set('authorization', `Bearer ${authorization}`)
      .attach('file', Buffer.from('Tides follow the moon.'), 'tides.txt')
      .expect(202)
  ).body.source.id as string;
  await sourceRead(authorization, courseId);
  return {
    courseId,
    subjectId,
    chapterId,
    topicId,
    id,
    slug,
    versionId: lessonVersionId(1),
    jobId,
    questionId,
    attemptId: `${chapterId}n1`,
    sourceId,
  };
}

/** Waits until the course's sources are read, so no read writes after the reference is taken. */
async function sourceRead(authorization: string, courseId: string): Promise<void> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const listed = await request(app)
      .get(`/api/courses/${courseId}/sources`)
      .set('authorization', `Bearer ${authorization}`)
      .expect(200);
    const statuses = (listed.body as SourcesResponse).sources.map((source) => source.status);
    if (statuses.every((status) => status !== 'reading')) {
      expect(statuses).toEqual(['ready']);
      return;
    }
    if (Date.now() > deadline) throw new Error('The source was never read');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('bad input: every route with a body or a path parameter', () => {
  const routes = routeTable(app).map((route) => ({
    ...route,
    key: `${route.method} ${route.path}`,
  }));
  let token = '';
  let own: Ids;
  let others: Ids;
  let tried = 0;
  let refused = 0;
  let database: string[] = [];
  /** The stand-in's write requests when `database` was read (null on the official emulator). */
  let writeRequests: number | null = null;

  /** Reads the reference every refusal must leave as it was. */
  async function takeReference() {
    writeRequests = await writeRequestCount();
    database = await snapshotDatabase();
  }

  const send = (method: string, path: string) =>
    request(app)
      [method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path)
      .set('authorization', `Bearer ${token}`);

  /**
   * Checks one answer: no 5xx; a refusal has a message and changed no document. A request that
   * was accepted (a valid value turned up) becomes the new reference.
   */
  async function check(response: request.Response, what: string) {
    tried += 1;
    const outcome = `${what} → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
    expect(response.status, outcome).toBeLessThan(500);
    // Reading every document after each of thousands of requests is most of the suite's time:
    // when the stand-in served no request that can write since the reference, it is unchanged.
    const writes = await writeRequestCount();
    const unwritten = writes !== null && writes === writeRequests;
    const after = unwritten ? database : await snapshotDatabase();
    writeRequests = writes;
    if (response.status >= 400) {
      refused += 1;
      expect(apiErrorSchema.safeParse(response.body).success, outcome).toBe(true);
      expect(String(response.body.error).length, outcome).toBeGreaterThan(0);
      expect(after, outcome).toEqual(database);
    }
    database = after;
  }

  /** Checks an answer that must be a refusal: a 4xx, neither an acceptance nor a 5xx. */
  async function checkRefused(response: request.Response, what: string) {
    await check(response, what);
    const outcome = `${what} → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
    expect(response.status >= 400 && response.status < 500, outcome).toBe(true);
  }

  beforeAll(async () => {
    await resetEmulators();
    await resetFake();
    // The caller owns a tree and is an admin, so every route is open to them with the right ids.
    const caller = await person('Caller', { admin: true });
    const other = await person('Other');
    token = caller.token();
    await send('PUT', '/api/auth/api-key').send({ api_key: USER_KEY }).expect(200);
    await other.put('/auth/api-key', { api_key: USER_KEY }).expect(200);
    own = { ...(await tree(token, { job: true })), userId: other.uid };
    const ownTopic = `/${own.courseId}/subjects/${own.subjectId}/chapters/${own.chapterId}/topics/${own.topicId}`;
    await seedQuestions(ownTopic, [seededQuestion(1)]);
    others = { ...(await tree(other.token(), { job: true })), userId: caller.uid };
    await takeReference();
  }, 60_000);

  afterAll(() => {
    console.log(`bad input: ${tried} requests tried, ${refused} refused with a 4xx, no 5xx`);
  });

  for (const key of Object.keys(BODIES)) {
    it(`${key}: generated bodies`, async () => {
      const [method = '', pattern = ''] = key.split(' ');
      await fc.assert(
        fc.asyncProperty(bodyFor(BODIES[key] ?? {}), async (body) => {
          const response = await send(method, fill(pattern, own))
            .set('content-type', 'application/json')
            .send(JSON.stringify(body));
          await check(response, `${key} ${JSON.stringify(body)?.slice(0, 120)}`);
        }),
        { numRuns: RUNS },
      );
      if (REBUILDS_THE_TREE.test(pattern)) {
        const rebuilt = await tree(token, { testimonial: false, job: true });
        own = { ...rebuilt, id: own.id, userId: own.userId };
        await takeReference();
      }
    }, 60_000);
  }

  const withParams = routeTable(app).filter((route) => paramsOf(route.path).length > 0);
  for (const route of withParams) {
    const key = `${route.method} ${route.path}`;
    it(`${key}: odd ids and other users’ ids in each path parameter`, async () => {
      // Another course's slug is not in the list: any learner may open a published course.
      const { courseId, subjectId, chapterId, topicId, id, jobId, questionId } = others;
      const othersIds = [courseId, subjectId, chapterId, topicId, id, jobId, questionId];
      for (const param of paramsOf(route.path)) {
        await fc.assert(
          fc.asyncProperty(hostileId(othersIds), async (value) => {
            const pending = send(route.method, fill(route.path, own, { param, value }));
            const body = BODIES[key];
            const response = await (body ? pending.send(body) : pending);
            await check(response, `${key} ${param}=${JSON.stringify(value.slice(0, 60))}`);
            // An admin may act on other users' testimonials; everyone else's ids are refused.
            const adminsRight = route.path.includes('/admin/') && othersIds.includes(value);
            if (param !== 'objectPath' && !adminsRight) {
              expect(response.status).toBeGreaterThanOrEqual(400);
            }
          }),
          { numRuns: RUNS },
        );
      }
    }, 120_000);
  }

  it('job routes: an odd or unknown job id is the job’s 404, an odd or foreign course the course’s', async () => {
    const jobRoutes = routes.filter((route) => /\/(jobs|generate_all)\b/.test(route.path));
    expect(jobRoutes.map((route) => route.key).sort()).toEqual([
      'DELETE /courses/:courseId/jobs/:jobId',
      'GET /courses/:courseId/jobs',
      'GET /courses/:courseId/jobs/:jobId',
      'POST /courses/:courseId/generate_all',
      'POST /courses/:courseId/jobs/:jobId/retry',
    ]);
    const notFound = async (key: string, path: string, error: string) => {
      const [method = ''] = key.split(' ');
      const response = await send(method, path);
      await check(response, `${key} ${path}`);
      expect(response.status, `${key} ${path}`).toBe(404);
      expect(response.body, `${key} ${path}`).toEqual({ error, code: 'NOT_FOUND' });
    };
    for (const route of jobRoutes) {
      // Another course's id, or none of the right shape: refused before any job is looked at.
      for (const value of [others.courseId, 'x'.repeat(20), '__bad__', 'a'.repeat(1600), '%20']) {
        const path = fill(route.path, own, { param: 'courseId', value });
        await notFound(route.key, path, OUTLINE_NOT_FOUND.courseId);
      }
      if (!route.path.includes(':jobId')) continue;
      // Another course's job, ids of the caller's own tree, and ids of no job at all.
      const unknown = [others.jobId, own.courseId, own.topicId, 'x'.repeat(20), 'nojobhere'];
      const malformed = ['__bad__', '..', 'a'.repeat(1600), encodeURIComponent('a/b'), '%20'];
      for (const value of [...unknown, ...malformed]) {
        const path = fill(route.path, own, { param: 'jobId', value });
        await notFound(route.key, path, JOB_NOT_FOUND);
      }
    }
  });

  it('malformed JSON, oversize bodies and wrong content types on every write route', async () => {
    const writes = routes.filter((route) => route.method === 'POST' || route.method === 'PUT');
    for (const route of writes) {
      const path = fill(route.path, own);
      const malformed = await send(route.method, path)
        .set('content-type', 'application/json')
        .send('{"name": "unfinished');
      await check(malformed, `${route.key} malformed JSON`);
      expect(malformed.status).toBe(400);

      const oversize = await send(route.method, path)
        .set('content-type', 'application/json')
        .send(JSON.stringify({ name: 'x'.repeat(600 * 1024) }));
      await check(oversize, `${route.key} oversize body`);
      expect(oversize.status).toBe(413);

      if (!BODIES[route.key]) continue;
      for (const [type, text] of [
        ['text/plain', JSON.stringify(BODIES[route.key])],
        ['application/x-www-form-urlencoded', 'name=Course&content=x'],
        ['application/xml', '<name>Course</name>'],
      ] as const) {
        const response = await send(route.method, path).set('content-type', type).send(text);
        await check(response, `${route.key} as ${type}`);
        expect(response.status, `${route.key} as ${type}`).toBe(415);
      }
    }
  }, 120_000);

  it('the audio upload refuses JSON, text and broken multipart bodies', async () => {
    const path = '/api/courses/add_course_audio';
    await checkRefused(await send('POST', path).send({ audio: 'x' }), 'audio as JSON');
    await checkRefused(
      await send('POST', path).set('content-type', 'text/plain').send('RIFF'),
      'audio as text',
    );
    await checkRefused(
      await send('POST', path)
        .set('content-type', 'multipart/form-data; boundary=zz')
        .send('--zz\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\nRIFF'),
      'audio with a cut multipart body',
    );
    await checkRefused(
      await send('POST', path).attach('audio', toneWav(0.2).subarray(0, 30), 'course_audio.wav'),
      'audio with a truncated WAV header',
    );
  });

  it('the source uploads refuse JSON, text, broken multipart bodies and files of no known kind', async () => {
    for (const [method, path] of [
      ['POST', `/api/courses/${own.courseId}/sources`],
      ['PUT', `/api/courses/${own.courseId}/sources/${own.sourceId}`],
    ] as const) {
      await checkRefused(await send(method, path).send({ file: 'x' }), `${method} source as JSON`);
      await checkRefused(
        await send(method, path).set('content-type', 'text/plain').send('%PDF-'),
        `${method} source as text`,
      );
      await checkRefused(
        await send(method, path)
          .set('content-type', 'multipart/form-data; boundary=zz')
          .send(
            '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-',
          ),
        `${method} source with a cut multipart body`,
      );
      for (const [bytes, name] of [
        [Buffer.from('%PDF-1.7'), 'notes.exe'],
        [Buffer.from('plain words'), 'fake.pdf'],
        [Buffer.from([0xff, 0xfe, 0xfd]), 'fake.md'],
        [Buffer.from([0x61, 0x00, 0x62]), 'binary.txt'],
        [Buffer.from('no name')],
      ] as const) {
        const response = await send(method, path).attach('file', bytes, name ?? '');
        await checkRefused(response, `${method} source ${name ?? 'without a name'}`);
      }
    }
  });

  it('the course bundle import refuses JSON, text and broken multipart bodies', async () => {
    const path = '/api/courses/import';
    await checkRefused(await send('POST', path).send({ bundle: 'x' }), 'bundle as JSON');
    await checkRefused(
      await send('POST', path).set('content-type', 'text/plain').send('PK'),
      'bundle as text',
    );
    await checkRefused(
      await send('POST', path)
        .set('content-type', 'multipart/form-data; boundary=zz')
        .send('--zz\r\nContent-Disposition: form-data; name="bundle"; filename="a.zip"\r\n\r\nPK'),
      'bundle with a cut multipart body',
    );
    await checkRefused(
      await send('POST', path).attach('bundle', Buffer.from('PK\u0003\u0004broken'), 'a.zip'),
      'bundle with a broken zip',
    );
  });
});

/**
 * Which routes read `req.body`, found by calling each route of its own app once with `{}`: the
 * handlers of every route (its own middleware included, the app-wide body parser not) are wrapped
 * so that reading `req.body` is recorded. The caller is an admin who owns every id in the path,
 * with a fresh course tree for each course route and every DELETE last, so no call is refused for
 * a reason that comes before the body.
 */
async function routesReadingTheBody(token: string, base: Ids): Promise<string[]> {
  const watched = createApp();
  const reading = new Set<string>();
  const watching = new WeakSet<Request>();
  forEachRoute(watched, (route) => {
    for (const handler of route.stack) {
      const original = handler.handle;
      if (original.length > 3) continue;
      handler.handle = (req, res, next) => {
        if (watching.has(req)) return original(req, res, next);
        watching.add(req);
        let body: unknown = req.body;
        Object.defineProperty(req, 'body', {
          configurable: true,
          get: () => {
            reading.add(`${req.method} ${route.path}`);
            return body;
          },
          set: (value: unknown) => {
            body = value;
          },
        });
        return original(req, res, next);
      };
    }
  });

  const routes = routeTable(watched).sort(
    (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
  );
  // A job route needs the course's job: its tree is written by one, before any route runs (one
  // of them deletes the API key a job needs).
  const jobTrees = new Map<string, Omit<Ids, 'userId'>>();
  for (const route of routes.filter((route) => route.path.includes(':jobId'))) {
    const key = `${route.method} ${route.path}`;
    jobTrees.set(key, await tree(token, { testimonial: false, job: true }));
  }
  for (const route of routes) {
    const course =
      jobTrees.get(`${route.method} ${route.path}`) ??
      (route.path.includes(':courseId') ? await tree(token, { testimonial: false }) : null);
    const ids = course ? { ...course, id: base.id, userId: base.userId } : base;
    await request(watched)
      [route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](fill(route.path, ids))
      .set('authorization', `Bearer ${token}`)
      .send({});
  }
  return [...reading].sort();
}

describe('bad input: the table of bodies', () => {
  it('covers every route that reads a body, and only routes that exist and read one', async () => {
    await resetEmulators();
    await resetFake();
    const caller = await person('Reader', { admin: true });
    const other = await person('Bystander');
    const token = caller.token();
    const base = { ...(await tree(token)), userId: other.uid };
    await request(app)
      .put('/api/auth/api-key')
      .set('authorization', `Bearer ${token}`)
      .send({ api_key: USER_KEY })
      .expect(200);

    const reading = await routesReadingTheBody(token, base);
    const covered = Object.keys(BODIES).sort();
    expect({
      readsABodyButNotCovered: reading.filter((key) => !covered.includes(key)),
      coveredButMissingOrReadsNoBody: covered.filter((key) => !reading.includes(key)),
    }).toEqual({ readsABodyButNotCovered: [], coveredButMissingOrReadsNoBody: [] });
  }, 120_000);
});
