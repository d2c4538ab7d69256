import { createHash } from 'node:crypto';
import {
  apiErrorSchema,
  type ErrorCode,
  type GenerationJob,
  type LatestJob,
} from '@coursecraft/contracts';
import { strToU8, zipSync } from 'fflate';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuth } from '../../functions/src/lib/firebase-admin';
import { lessonVersionId } from '../../functions/src/lib/firestore/paths';
import { routeTable } from '../../functions/src/testing/route-table';
import { USER_KEY, app, queueFaults, resetFake, toneWav } from './support/ai';
import { resetEmulators, signIn, signInWithGoogle, signUpAnonymously } from './support/emulators';
import { pollJob, settled } from './support/jobs';
import { inputOf } from './support/questions';

/**
 * Every route of the API, called as a visitor, a disabled user, an anonymous guest, the owner of
 * what the path names, another user and an admin (who owns nothing here). A route missing from
 * ACCESS fails the test, so a new route cannot escape the matrix.
 */
/** The fixture's lesson, with a diagram for the drawing upload. */
const MATRIX_DIAGRAM = 'graph LR; A-->B';
const MATRIX_LESSON = `## Lesson\n\n\`\`\`mermaid\n${MATRIX_DIAGRAM}\n\`\`\`\n`;

type Access = 'public' | 'signedIn' | 'owner' | 'admin' | 'learner';
type Caller = 'visitor' | 'disabled' | 'anonymous' | 'owner' | 'other' | 'admin';

interface Fixture {
  /** A stored cover's URL, when the route asked for one. */
  imageUrl: string;
  course: string;
  subject: string;
  chapter: string;
  topic: string;
  /** A question of the topic: a topic check, true or false, answer true. */
  question: string;
  testimonial: string;
  ownerUid: string;
  /** The share link's slug, when the route asked for a published course. */
  slug: string;
  /** The course's whole-course job, settled, when the route asked for one. */
  job: string;
  /** One of the course's sources (a text file), when the route asked for one. */
  source: string;
}

/** How a fixture's job ended: every step done, or its one step failed (Retry has work). */
type JobOutcome = 'finished' | 'failed';

interface RouteSpec {
  access: Access;
  /** The concrete path for a fixture (the pattern's ids filled in). */
  path?: (f: Fixture) => string;
  body?: object;
  /** A body naming the fixture's ids, in place of `body`. */
  bodyFor?: (f: Fixture) => object;
  /** Multipart upload instead of a JSON body: a WAV recording, a course bundle (.zip) or a source. */
  upload?: boolean | 'bundle' | 'source';
  /** Needs a fresh fixture: it deletes or replaces what others use, or must not find one. */
  fresh?: boolean;
  /** The owner must not have a testimonial yet. */
  noTestimonial?: boolean;
  /** The fixture includes a stored course cover. */
  image?: boolean;
  /** The fixture's topic has no lesson yet. */
  noContent?: boolean;
  /** The call removes the owner's API key; it is saved again afterwards. */
  restoresKey?: boolean;
  /** The fixture's course is published. */
  published?: boolean;
  /** The fixture's course has a source. */
  source?: boolean;
  /** Each allowed caller starts the fixture's chapter quiz first (its first attempt). */
  startsAttempt?: boolean;
  /** The fixture's course has a whole-course job that ended so (its topic then has no lesson). */
  job?: JobOutcome;
  /** The owner's call sets a job running: the test waits until it has settled. */
  runsJob?: boolean;
  /**
   * Limited per address and minute: a 429 (the sign-up's own mail is still in its minute) also
   * shows the call got past authorization.
   */
  throttled?: boolean;
}

const tree = (f: Fixture) => `/api/courses/${f.course}`;
const subject = (f: Fixture) => `${tree(f)}/subjects/${f.subject}`;
const chapter = (f: Fixture) => `${subject(f)}/chapters/${f.chapter}`;
const topic = (f: Fixture) => `${chapter(f)}/topics/${f.topic}`;
/** The id of a lesson's first version: the fixture's lesson. */
const FIRST_VERSION = lessonVersionId(1);
const jobPath = (f: Fixture) => `${tree(f)}/jobs/${f.job}`;
/** The topic of a `failed` job's fixture: the one lesson prompt the queued fault hits. */
const FAILING_TOPIC = 'Failing T';
/** Long enough for a fixture's job and the owner's job to run on the Cloud Tasks emulator. */
const JOB_TIMEOUT_MS = 90_000;

const ACCESS: Record<string, RouteSpec> = {
  'GET /health': { access: 'public' },
  'POST /auth/register': { access: 'public' },
  'POST /auth/google-auth': { access: 'public' },
  'POST /auth/forgot-password': { access: 'public', body: { email: 'nobody@example.com' } },
  'GET /auth/me': { access: 'signedIn' },
  'GET /ai-usage': { access: 'signedIn' },
  'POST /auth/resend-verification': { access: 'signedIn', body: {}, throttled: true },
  'PUT /auth/api-key': { access: 'signedIn', body: { api_key: USER_KEY } },
  'DELETE /auth/api-key': { access: 'signedIn', restoresKey: true },
  'GET /courses': { access: 'signedIn' },
  'GET /courses/my-courses': { access: 'signedIn' },
  'POST /courses/create-manual': { access: 'signedIn', body: { name: 'Matrix' } },
  'POST /courses/add_course': { access: 'signedIn', body: { name: 'Matrix course' } },
  'POST /courses/add_course_audio': { access: 'signedIn', upload: true },
  'GET /courses/:courseId': { access: 'owner', path: tree },
  'PUT /courses/:courseId': { access: 'owner', path: tree, body: { name: 'Renamed' } },
  'DELETE /courses/:courseId': { access: 'owner', path: tree, fresh: true },
  'PUT /courses/:courseId/settings': {
    access: 'owner',
    path: (f) => `${tree(f)}/settings`,
    body: { level: 'Advanced', language: 'Español' },
  },
  'POST /courses/:courseId/generate_subjects': {
    access: 'owner',
    path: (f) => `${tree(f)}/generate_subjects`,
    fresh: true,
  },
  'GET /courses/:courseId/sources': { access: 'owner', path: (f) => `${tree(f)}/sources` },
  'POST /courses/:courseId/sources': {
    access: 'owner',
    path: (f) => `${tree(f)}/sources`,
    upload: 'source',
  },
  'PUT /courses/:courseId/sources/:sourceId': {
    access: 'owner',
    path: (f) => `${tree(f)}/sources/${f.source}`,
    upload: 'source',
    source: true,
  },
  'DELETE /courses/:courseId/sources/:sourceId': {
    access: 'owner',
    path: (f) => `${tree(f)}/sources/${f.source}`,
    source: true,
    fresh: true,
  },
  'GET /courses/:courseId/changed_lessons': {
    access: 'owner',
    path: (f) => `${tree(f)}/changed_lessons`,
  },
  'GET /courses/:courseId/counts': { access: 'owner', path: (f) => `${tree(f)}/counts` },
  'GET /courses/:courseId/tree': { access: 'owner', path: (f) => `${tree(f)}/tree` },
  'GET /courses/:courseId/export/markdown': {
    access: 'owner',
    path: (f) => `${tree(f)}/export/markdown`,
  },
  'POST /courses/import': { access: 'signedIn', upload: 'bundle' },
  'GET /courses/:courseId/subjects': { access: 'owner', path: (f) => `${tree(f)}/subjects` },
  'POST /courses/:courseId/subjects': {
    access: 'owner',
    path: (f) => `${tree(f)}/subjects`,
    body: { name: 'Another' },
  },
  'GET /courses/:courseId/subjects/:subjectId': { access: 'owner', path: subject },
  'GET /courses/:courseId/subjects/:subjectId/counts': {
    access: 'owner',
    path: (f) => `${subject(f)}/counts`,
  },
  'PUT /courses/:courseId/subjects/:subjectId': {
    access: 'owner',
    path: subject,
    body: { name: 'Renamed' },
  },
  'DELETE /courses/:courseId/subjects/:subjectId': { access: 'owner', path: subject, fresh: true },
  'POST /courses/:courseId/subjects/:subjectId/generate_chapters': {
    access: 'owner',
    path: (f) => `${subject(f)}/generate_chapters`,
    fresh: true,
  },
  'GET /courses/:courseId/subjects/:subjectId/chapters': {
    access: 'owner',
    path: (f) => `${subject(f)}/chapters`,
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters': {
    access: 'owner',
    path: (f) => `${subject(f)}/chapters`,
    body: { name: 'Another' },
  },
  'GET /courses/:courseId/subjects/:subjectId/chapters/:chapterId': {
    access: 'owner',
    path: chapter,
  },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId': {
    access: 'owner',
    path: chapter,
    body: { name: 'Renamed' },
  },
  'DELETE /courses/:courseId/subjects/:subjectId/chapters/:chapterId': {
    access: 'owner',
    path: chapter,
    fresh: true,
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/generate_topics': {
    access: 'owner',
    path: (f) => `${chapter(f)}/generate_topics`,
    fresh: true,
  },
  'GET /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics': {
    access: 'owner',
    path: (f) => `${chapter(f)}/topics`,
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics': {
    access: 'owner',
    path: (f) => `${chapter(f)}/topics`,
    body: { name: 'Another' },
  },
  'GET /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId': {
    access: 'owner',
    path: topic,
  },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId': {
    access: 'owner',
    path: topic,
    body: { name: 'Renamed' },
  },
  'DELETE /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId': {
    access: 'owner',
    path: topic,
    fresh: true,
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_content':
    { access: 'owner', path: (f) => `${topic(f)}/generate_content`, fresh: true },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_questions':
    { access: 'owner', path: (f) => `${topic(f)}/generate_questions`, fresh: true },
  'GET /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content': {
    access: 'owner',
    path: (f) => `${topic(f)}/content`,
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content': {
    access: 'owner',
    path: (f) => `${topic(f)}/content`,
    body: { content: '## New' },
    noContent: true,
  },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content': {
    access: 'owner',
    path: (f) => `${topic(f)}/content`,
    body: { content: '## Changed' },
  },
  'DELETE /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content': {
    access: 'owner',
    path: (f) => `${topic(f)}/content`,
    fresh: true,
  },
  'GET /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content/versions':
    { access: 'owner', path: (f) => `${topic(f)}/content/versions` },
  'GET /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content/versions/:versionId':
    { access: 'owner', path: (f) => `${topic(f)}/content/versions/${FIRST_VERSION}` },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/content/versions/:versionId/restore':
    { access: 'owner', path: (f) => `${topic(f)}/content/versions/${FIRST_VERSION}/restore` },
  'POST /images/courses/:courseId/generate': {
    access: 'owner',
    path: (f) => `/api/images/courses/${f.course}/generate`,
  },
  'POST /images/courses/:courseId/subjects/generate-all': {
    access: 'owner',
    path: (f) => `/api/images/courses/${f.course}/subjects/generate-all`,
  },
  'POST /images/courses/:courseId/subjects/:subjectId/generate': {
    access: 'owner',
    path: (f) => `/api/images/courses/${f.course}/subjects/${f.subject}/generate`,
  },
  'GET /testimonials': { access: 'public' },
  'GET /testimonials/my-testimonial': { access: 'signedIn' },
  'POST /testimonials': {
    access: 'signedIn',
    body: { quote: 'Matrix', rating: 5 },
    fresh: true,
    noTestimonial: true,
  },
  'PUT /testimonials/:id': {
    access: 'owner',
    path: (f) => `/api/testimonials/${f.testimonial}`,
    body: { rating: 4 },
  },
  'DELETE /testimonials/:id': {
    access: 'owner',
    path: (f) => `/api/testimonials/${f.testimonial}`,
    fresh: true,
  },
  'GET /testimonials/admin/all': { access: 'admin' },
  'PUT /testimonials/admin/:id/approve': {
    access: 'admin',
    path: (f) => `/api/testimonials/admin/${f.testimonial}/approve`,
    body: { approved: true },
  },
  'GET /admin/dashboard': { access: 'admin' },
  'GET /admin/users': { access: 'admin' },
  'GET /admin/testimonials/pending': { access: 'admin' },
  'PUT /admin/users/:id/status': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.ownerUid}/status`,
    body: { is_active: true },
  },
  'PUT /admin/users/:id/admin': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.ownerUid}/admin`,
    body: { is_admin: false },
  },
  'POST /courses/:courseId/publish': { access: 'owner', path: (f) => `${tree(f)}/publish` },
  'GET /courses/:courseId/publish': { access: 'owner', path: (f) => `${tree(f)}/publish` },
  'DELETE /courses/:courseId/publish': {
    access: 'owner',
    path: (f) => `${tree(f)}/publish`,
    published: true,
  },
  'PUT /courses/:courseId/publish/listing': {
    access: 'owner',
    path: (f) => `${tree(f)}/publish/listing`,
    body: { listed: true },
    published: true,
  },
  'GET /courses/:courseId/analytics': { access: 'owner', path: (f) => `${tree(f)}/analytics` },
  'GET /courses/:courseId/diagrams': { access: 'owner', path: (f) => `${tree(f)}/diagrams` },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/diagrams': {
    access: 'owner',
    path: (f) => `${topic(f)}/diagrams`,
    body: {
      drawings: [
        {
          key: createHash('sha256').update(MATRIX_DIAGRAM).digest('hex'),
          light: '<svg></svg>',
          dark: '<svg></svg>',
        },
      ],
    },
  },
  'POST /courses/:courseId/generate_all': {
    access: 'owner',
    path: (f) => `${tree(f)}/generate_all`,
    fresh: true,
    noContent: true,
    runsJob: true,
  },
  'GET /courses/:courseId/jobs': {
    access: 'owner',
    path: (f) => `${tree(f)}/jobs`,
    job: 'finished',
  },
  'GET /courses/:courseId/jobs/:jobId': { access: 'owner', path: jobPath, job: 'finished' },
  'DELETE /courses/:courseId/jobs/:jobId': { access: 'owner', path: jobPath, job: 'finished' },
  'POST /courses/:courseId/jobs/:jobId/retry': {
    access: 'owner',
    path: (f) => `${jobPath(f)}/retry`,
    job: 'failed',
    runsJob: true,
  },
  'GET /learn/:slug': { access: 'public', path: (f) => `/api/learn/${f.slug}`, published: true },
  'GET /learn/:slug/topics/:topicId': {
    access: 'public',
    path: (f) => `/api/learn/${f.slug}/topics/${f.topic}`,
    published: true,
  },
  'GET /learn/:slug/topics/:topicId/questions': {
    access: 'public',
    path: (f) => `/api/learn/${f.slug}/topics/${f.topic}/questions`,
    published: true,
  },
  'POST /learn/:slug/topics/:topicId/answers': {
    access: 'learner',
    path: (f) => `/api/learn/${f.slug}/topics/${f.topic}/answers`,
    bodyFor: (f) => ({ answers: [{ question_id: f.question, response: { value: true } }] }),
    published: true,
  },
  'GET /learn/:slug/progress': {
    access: 'learner',
    path: (f) => `/api/learn/${f.slug}/progress`,
    published: true,
  },
  'PUT /learn/:slug/progress': {
    access: 'learner',
    path: (f) => `/api/learn/${f.slug}/progress`,
    body: { completed_topic_ids: [] },
    published: true,
  },
  'POST /learn/:slug/chapters/:chapterId/attempts': {
    access: 'learner',
    path: (f) => `/api/learn/${f.slug}/chapters/${f.chapter}/attempts`,
    published: true,
  },
  'POST /learn/:slug/chapters/:chapterId/attempts/:attemptId/submit': {
    access: 'learner',
    // A learner's first attempt at a chapter's quiz is `{chapterId}n1`.
    path: (f) => `/api/learn/${f.slug}/chapters/${f.chapter}/attempts/${f.chapter}n1/submit`,
    bodyFor: (f) => ({ answers: [{ question_id: f.question, response: { value: true } }] }),
    published: true,
    startsAttempt: true,
  },
  'PUT /courses/:courseId/subjects/order': {
    access: 'owner',
    path: (f) => `${tree(f)}/subjects/order`,
    bodyFor: (f) => ({ ids: [f.subject] }),
  },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/order': {
    access: 'owner',
    path: (f) => `${subject(f)}/chapters/order`,
    bodyFor: (f) => ({ ids: [f.chapter] }),
  },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/order': {
    access: 'owner',
    path: (f) => `${chapter(f)}/topics/order`,
    bodyFor: (f) => ({ ids: [f.topic] }),
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/move': {
    access: 'owner',
    path: (f) => `${topic(f)}/move`,
    bodyFor: (f) => ({ chapter_id: f.chapter, index: 0 }),
  },
  'GET /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/questions': {
    access: 'owner',
    path: (f) => `${topic(f)}/questions`,
  },
  'POST /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/questions': {
    access: 'owner',
    path: (f) => `${topic(f)}/questions`,
    body: inputOf('multiple_choice'),
  },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/questions/order':
    {
      access: 'owner',
      path: (f) => `${topic(f)}/questions/order`,
      bodyFor: (f) => ({ ids: [f.question] }),
    },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/questions/:questionId':
    {
      access: 'owner',
      path: (f) => `${topic(f)}/questions/${f.question}`,
      body: inputOf('short_answer'),
    },
  'DELETE /courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/questions/:questionId':
    {
      access: 'owner',
      path: (f) => `${topic(f)}/questions/${f.question}`,
      fresh: true,
    },
  'GET /courses/:courseId/subjects/:subjectId/chapters/:chapterId/quiz': {
    access: 'owner',
    path: (f) => `${chapter(f)}/quiz`,
  },
  'PUT /courses/:courseId/subjects/:subjectId/chapters/:chapterId/quiz': {
    access: 'owner',
    path: (f) => `${chapter(f)}/quiz`,
    body: {
      questions_per_attempt: null,
      pass_mark: 60,
      attempts: null,
      shuffle: false,
      show_answers_after: 'never',
    },
  },
  'GET /files/*objectPath': {
    access: 'public',
    // With Cloud Storage (official emulators) covers have their own URLs and this route has no
    // files: a visitor then gets 404 for any path, checked below.
    path: (f) => (f.imageUrl.startsWith('/api/') ? f.imageUrl : '/api/files/users/x/cover.png'),
    image: true,
  },
};

/** The smallest course bundle: a course without subjects. */
const MATRIX_BUNDLE = Buffer.from(
  zipSync({
    'course.json': strToU8(
      JSON.stringify({
        format: 'coursecraft-markdown',
        version: 1,
        course: { id: 'c', name: 'Matrix import', description: '', settings: {} },
        image: null,
        subjects: [],
      }),
    ),
  }),
);

/** A source file: a few words of plain text. */
const MATRIX_SOURCE = Buffer.from('Matrix notes on fractions.\n');

/** What each kind of caller must get. `ok` is any 2xx. */
const EXPECTED: Record<Access, Partial<Record<Caller, number | 'ok'>>> = {
  public: { visitor: 'ok' },
  signedIn: { visitor: 401, disabled: 401, anonymous: 401, owner: 'ok' },
  owner: { visitor: 401, disabled: 401, anonymous: 401, other: 404, admin: 404, owner: 'ok' },
  admin: { visitor: 401, disabled: 401, anonymous: 401, owner: 403, admin: 'ok' },
  learner: { visitor: 401, disabled: 401, anonymous: 'ok', owner: 'ok' },
};

/** The code each refusal of the matrix answers with. */
const REFUSAL_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
};

const PASSWORD = 'correct-horse-9';
const tokens: Partial<Record<Caller, string>> = {};
let ownerUid = '';
let counter = 0;

async function register(firstName: string): Promise<{ uid: string; token: string }> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${counter++}@example.com`;
  const registered = await request(app)
    .post('/api/auth/register')
    .send({ email, password: PASSWORD, first_name: firstName, last_name: 'Matrix' })
    .expect(201);
  return { uid: registered.body.user.id as string, token: await signIn(email, PASSWORD) };
}

const as = (caller: Caller) =>
  caller === 'visitor' ? {} : { authorization: `Bearer ${tokens[caller] ?? ''}` };

/**
 * Polls the course's latest job until it has settled: no longer running and no step in flight,
 * so no step of it writes during a later route's test.
 */
function settledJob(course: string): Promise<GenerationJob | null> {
  const read = async () => {
    const latest = await request(app)
      .get(`/api/courses/${course}/jobs`)
      .set(as('owner'))
      .expect(200);
    return (latest.body as LatestJob).job;
  };
  return pollJob(read, settled, JOB_TIMEOUT_MS - 15_000);
}

type FixtureOptions = Pick<
  RouteSpec,
  'noTestimonial' | 'image' | 'noContent' | 'published' | 'job' | 'source'
>;

/**
 * The owner's course tree with a lesson, and (unless told not) their testimonial. With `job`, a
 * whole-course job was to write the lesson, and has settled: done, or failed for `failed`.
 */
async function fixture({
  noTestimonial = false,
  image = false,
  noContent = false,
  published = false,
  job,
  source = false,
}: FixtureOptions = {}): Promise<Fixture> {
  const post = async (path: string, body: object) =>
    (await request(app).post(`/api${path}`).set(as('owner')).send(body).expect(201)).body
      .id as string;
  const course = await post('/courses/create-manual', { name: 'Matrix' });
  const s = await post(`/courses/${course}/subjects`, { name: 'S' });
  const ch = await post(`/courses/${course}/subjects/${s}/chapters`, { name: 'C' });
  const t = await post(`/courses/${course}/subjects/${s}/chapters/${ch}/topics`, {
    name: job === 'failed' ? FAILING_TOPIC : 'T',
  });
  // A job needs something to write: the topic's lesson.
  if (!noContent && !job) {
    await request(app)
      .post(`/api/courses/${course}/subjects/${s}/chapters/${ch}/topics/${t}/content`)
      .set(as('owner'))
      .send({ content: MATRIX_LESSON })
      .expect(201);
  }
  const question = await post(
    `/courses/${course}/subjects/${s}/chapters/${ch}/topics/${t}/questions`,
    inputOf('true_false'),
  );
  let testimonial = '';
  const mine = await request(app).get('/api/testimonials/my-testimonial').set(as('owner'));
  if (mine.status === 200) testimonial = mine.body.id as string;
  if (noTestimonial && testimonial) {
    await request(app).delete(`/api/testimonials/${testimonial}`).set(as('owner')).expect(204);
    testimonial = '';
  }
  if (!noTestimonial && !testimonial) {
    testimonial = await post('/testimonials', { quote: 'Matrix', rating: 5 });
  }
  const imageUrl = image
    ? ((
        await request(app)
          .post(`/api/images/courses/${course}/generate`)
          .set(as('owner'))
          .send({})
          .expect(200)
      ).body.image_url as string)
    : '';
  const slug = published
    ? ((await request(app).post(`/api/courses/${course}/publish`).set(as('owner')).expect(200)).body
        .slug as string)
    : '';
  const sourceId = source
    ? ((
        await request(app)
          .post(`/api/courses/${course}/sources`)
          .set(as('owner'))
          .attach('file', MATRIX_SOURCE, { filename: 'notes.txt', contentType: 'text/plain' })
          .expect(202)
      ).body.source.id as string)
    : '';
  let jobId = '';
  if (job) {
    if (job === 'failed') {
      // The key is refused for this topic's lesson alone: its step fails at once, for good.
      await queueFaults({
        status: 400,
        apiKey: USER_KEY,
        promptIncludes: `Write the lesson "${FAILING_TOPIC}"`,
      });
    }
    jobId = (
      await request(app).post(`/api/courses/${course}/generate_all`).set(as('owner')).expect(202)
    ).body.job_id as string;
    const ended = await settledJob(course);
    expect(ended, 'the fixture’s job').toMatchObject(
      job === 'failed'
        ? { id: jobId, status: 'finished', done: 0, failed: 1 }
        : { id: jobId, status: 'finished', done: 1, failed: 0 },
    );
  }
  return {
    imageUrl,
    course,
    subject: s,
    chapter: ch,
    topic: t,
    question,
    testimonial,
    ownerUid,
    slug,
    job: jobId,
    source: sourceId,
  };
}

function call(method: string, path: string, caller: Caller, spec: RouteSpec, body?: object) {
  const base = request(app)
    [method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path)
    .set(as(caller));
  if (spec.upload === 'source') {
    return base.attach('file', MATRIX_SOURCE, { filename: 'notes.txt', contentType: 'text/plain' });
  }
  if (spec.upload === 'bundle') {
    return base.attach('bundle', MATRIX_BUNDLE, {
      filename: 'course.zip',
      contentType: 'application/zip',
    });
  }
  if (spec.upload) {
    return base.attach('audio', toneWav(0.5), {
      filename: 'course_audio.wav',
      contentType: 'audio/wav',
    });
  }
  return body === undefined ? base : base.send(body);
}

/** A body for the public POST routes that must succeed for a visitor. */
async function publicBody(key: string): Promise<object | undefined> {
  if (key === 'POST /auth/register') {
    return {
      email: `visitor-${Date.now()}-${counter++}@example.com`,
      password: PASSWORD,
      first_name: 'Vera',
      last_name: 'Visitor',
    };
  }
  if (key === 'POST /auth/google-auth') {
    const email = `google-${Date.now()}-${counter++}@example.com`;
    const { uid, idToken } = await signInWithGoogle(email, 'Gus Google');
    return { firebase_token: idToken, user_data: { uid, email, display_name: 'Gus Google' } };
  }
  return ACCESS[key]?.body;
}

describe('authorization matrix over the route table', () => {
  const routes = routeTable(app).map((route) => `${route.method} ${route.path}`);

  beforeAll(async () => {
    await resetEmulators();
    await resetFake();
    const owner = await register('Owner');
    ownerUid = owner.uid;
    tokens.owner = owner.token;
    tokens.other = (await register('Other')).token;
    const admin = await register('Admin');
    await adminAuth().setCustomUserClaims(admin.uid, { admin: true });
    const adminEmail = (await adminAuth().getUser(admin.uid)).email ?? '';
    tokens.admin = await signIn(adminEmail, PASSWORD);
    const disabled = await register('Disabled');
    tokens.disabled = disabled.token;
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    tokens.anonymous = (await signUpAnonymously()).idToken;
    for (const caller of ['owner', 'other', 'admin'] as const) {
      await request(app)
        .put('/api/auth/api-key')
        .set(as(caller))
        .send({ api_key: USER_KEY })
        .expect(200);
    }
  });

  it('every route of the app has an entry, and every entry a route', () => {
    expect([...routes].sort()).toEqual(Object.keys(ACCESS).sort());
  });

  for (const key of Object.keys(ACCESS)) {
    const spec = ACCESS[key] as RouteSpec;
    const timeout = spec.job || spec.runsJob ? JOB_TIMEOUT_MS : undefined;
    it(key, { timeout }, async () => {
      const [method = 'GET', pattern = ''] = key.split(' ');
      const expected = EXPECTED[spec.access];
      const prepare = () =>
        spec.path || spec.noTestimonial
          ? fixture({
              noTestimonial: spec.noTestimonial,
              image: spec.image,
              noContent: spec.noContent,
              published: spec.published,
              job: spec.job,
              source: spec.source,
            })
          : Promise.resolve(null);
      const shared = await prepare();
      const pathFor = (f: Fixture | null) => (spec.path && f ? spec.path(f) : `/api${pattern}`);
      const bodyFor = (f: Fixture | null) => (spec.bodyFor && f ? spec.bodyFor(f) : spec.body);
      // Refused callers first, so a wrongly allowed write would show in the owner's outcome.
      const callers = ['visitor', 'disabled', 'anonymous', 'other', 'admin', 'owner'] as const;
      for (const caller of callers) {
        const want = expected[caller];
        if (want === undefined || want === 'ok') continue;
        const response = await call(method, pathFor(shared), caller, spec, bodyFor(shared));
        expect(response.status, `${caller} ${key}`).toBe(want);
        const refusal = apiErrorSchema.safeParse(response.body);
        expect(refusal.data?.code, `${caller} ${key}: ${JSON.stringify(response.body)}`).toBe(
          REFUSAL_CODES[want],
        );
      }
      const allowedCallers = callers.filter((caller) => expected[caller] === 'ok');
      for (const allowed of allowedCallers) {
        const f = spec.fresh ? await prepare() : shared;
        const body = spec.access === 'public' ? await publicBody(key) : bodyFor(f);
        if (spec.startsAttempt && f) {
          await call('POST', `/api/learn/${f.slug}/chapters/${f.chapter}/attempts`, allowed, spec)
            .send({})
            .expect(201);
        }
        const response = await call(method, pathFor(f), allowed, spec, body);
        const servesNoFiles = spec.image === true && !f?.imageUrl.startsWith('/api/');
        const outcome = `${allowed} ${key}: ${response.status} ${JSON.stringify(response.body)}`;
        if (servesNoFiles) expect(response.status, outcome).toBe(404);
        else if (spec.throttled && response.status === 429) continue;
        else expect(response.status, outcome).toBeLessThan(300);
        if (spec.runsJob && f) await settledJob(f.course);
        if (spec.restoresKey) {
          await request(app).put('/api/auth/api-key').set(as(allowed)).send({ api_key: USER_KEY });
        }
      }
    });
  }
});
