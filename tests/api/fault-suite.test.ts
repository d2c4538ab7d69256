import type { GenerationJob } from '@coursecraft/contracts';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/src/app';
import type { ImageStore } from '../../functions/src/lib/storage/image-store';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import { IMAGE_NOT_STORED } from '../../functions/src/modules/images/images-service';
import {
  author,
  queueFaults,
  resetFake,
  resetImages,
  storedImages,
  streamedPost as streamed,
  toneWav,
} from './support/ai';
import { expectOnlyCallsCounted, withoutAiBudget } from './support/budget';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';
import { pollJob, settled } from './support/jobs';

// Gemini calls give up after a second here, so the timeout fault costs little. The variable is
// read on the first request (each test file has its own modules) and restored afterwards.
const previousTimeout = vi.hoisted(() => {
  const previous = process.env.GEMINI_TIMEOUT_MS;
  process.env.GEMINI_TIMEOUT_MS = '1000';
  return previous;
});

type Client = Awaited<ReturnType<typeof author>>;

interface Fault {
  name: string;
  /** What the fake does, queued often enough to hit every call one request makes (retries, bulk). */
  fault: object;
  status: number;
  message: string;
}

const FAULTS: Fault[] = [
  {
    name: 'key refused (400)',
    fault: { status: 400 },
    status: 400,
    message: AI_MESSAGES.keyRejected,
  },
  {
    name: 'quota used up (429)',
    fault: { status: 429 },
    status: 429,
    message: AI_MESSAGES.quotaExhausted,
  },
  {
    name: 'server error (500)',
    fault: { status: 500 },
    status: 502,
    message: AI_MESSAGES.unavailable,
  },
  { name: 'timeout', fault: { delayMs: 1500 }, status: 504, message: AI_MESSAGES.timedOut },
  {
    name: 'malformed JSON',
    fault: { malformed: true },
    status: 502,
    message: AI_MESSAGES.invalidAnswer,
  },
  { name: 'empty reply', fault: { empty: true }, status: 502, message: AI_MESSAGES.invalidAnswer },
  { name: 'cut halfway', fault: { cut: true }, status: 502, message: AI_MESSAGES.unavailable },
];

/** A course with two subjects, a chapter, a topic with a lesson and a course cover. */
async function courseTree(client: Client) {
  const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
  const subject = (await client.post(`/${course}/subjects`, { name: 'Shapes' })).body.id as string;
  await client.post(`/${course}/subjects`, { name: 'Angles' });
  const s = `/${course}/subjects/${subject}`;
  const chapter = (await client.post(`${s}/chapters`, { name: 'Triangles' })).body.id as string;
  const ch = `${s}/chapters/${chapter}`;
  const topic = (await client.post(`${ch}/topics`, { name: 'Pythagoras' })).body.id as string;
  const t = `${ch}/topics/${topic}`;
  await client.post(`${t}/content`, { content: '## My own lesson' }).expect(201);
  expect((await client.images(`/${course}/generate`)).status).toBe(200);
  return { course, subject, s, ch, t };
}

type Tree = Awaited<ReturnType<typeof courseTree>>;

/** Every AI route, called on the tree; returns the answer's status and message. */
const AI_ROUTES: Record<
  string,
  (client: Client, tree: Tree) => Promise<{ status: number; error: unknown }>
> = {
  'POST add_course': (client) => answer(client.post('/add_course', { name: 'Topology' })),
  'POST add_course_audio': (client) => answer(client.upload(toneWav(1))),
  'POST generate_subjects': (client, { course }) =>
    answer(client.post(`/${course}/generate_subjects`)),
  'POST generate_chapters': (client, { s }) => answer(client.post(`${s}/generate_chapters`)),
  'POST generate_topics': (client, { ch }) => answer(client.post(`${ch}/generate_topics`)),
  'POST generate_content (JSON)': (client, { t }) => answer(client.post(`${t}/generate_content`)),
  'POST generate_content (stream)': (client, { t }) =>
    streamedAnswer(client, `${t}/generate_content`),
  'POST course image': (client, { course }) => answer(client.images(`/${course}/generate`)),
  'POST subject image': (client, { course, subject }) =>
    answer(client.images(`/${course}/subjects/${subject}/generate`)),
  'POST all subject images': (client, { course }) =>
    answer(client.images(`/${course}/subjects/generate-all`)),
};

async function answer(pending: PromiseLike<request.Response>) {
  const response = await pending;
  return { status: response.status, error: response.body.error };
}

/** A streamed lesson's outcome: the `error` event's status and message. */
async function streamedAnswer(client: Client, path: string) {
  const response = await streamed(client, path);
  const blocks = String(response.body).split('\n\n').filter(Boolean);
  const last = blocks.at(-1) ?? '';
  if (!last.startsWith('event: error')) return { status: response.status, error: last };
  const data = JSON.parse(/^data: (.*)$/m.exec(last)?.[1] ?? '{}');
  return { status: data.status as number, error: data.error };
}

describe('fault suite: every AI route under every Gemini fault', () => {
  let client: Client;
  let tree: Tree;
  let documentsBefore: string[];
  let imagesBefore: string[];

  beforeAll(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
    client = await author('fault-matrix@example.com');
    tree = await courseTree(client);
    documentsBefore = await snapshotDatabase();
    imagesBefore = await storedImages();
  });

  afterAll(() => {
    if (previousTimeout === undefined) delete process.env.GEMINI_TIMEOUT_MS;
    else process.env.GEMINI_TIMEOUT_MS = previousTimeout;
  });

  beforeEach(() => resetFake());

  const cases = Object.keys(AI_ROUTES).flatMap((route) =>
    FAULTS.map((fault) => ({ route, ...fault })),
  );

  // Every call made reached Gemini, so the budget counts each one; nothing else changes.
  it.each(cases)('$route, $name: the right message, nothing stored changes', async (c) => {
    const before = await snapshotDatabase();
    await queueFaults(c.fault, c.fault, c.fault);
    const outcome = await (AI_ROUTES[c.route] as (typeof AI_ROUTES)[string])(client, tree);
    expect(outcome).toEqual({ status: c.status, error: c.message });
    expect(await expectOnlyCallsCounted(before)).toBeGreaterThan(0);
    expect(withoutAiBudget(before)).toEqual(withoutAiBudget(documentsBefore));
    expect(await storedImages()).toEqual(imagesBefore);
  });

  it('a stream cut halfway has shown some text, then says so and keeps the stored lesson', async () => {
    await queueFaults({ cut: true });
    const response = await streamed(client, `${tree.t}/generate_content`);
    const events = String(response.body).match(/^event: \w+/gm) ?? [];
    expect(events.filter((event) => event === 'event: chunk').length).toBeGreaterThan(0);
    expect(events.at(-1)).toBe('event: error');
    expect((await client.get(`${tree.t}/content`)).body).toBe('## My own lesson');
  });

  it('the tree still generates normally after all those faults', async () => {
    const done = await client.post(`${tree.ch}/generate_topics`);
    expect(done.status).toBe(200);
  });
});

describe('fault suite: the image store failing', () => {
  const failing: ImageStore = {
    save: () => Promise.reject(new Error('storage unavailable')),
    delete: () => Promise.reject(new Error('storage unavailable')),
    deletePrefix: () => Promise.reject(new Error('storage unavailable')),
    copyFromUrl: () => Promise.reject(new Error('storage unavailable')),
    readFromUrl: () => Promise.reject(new Error('storage unavailable')),
  };
  const brokenStorage = createApp({ imageStore: () => failing });

  it.each(['POST course image', 'POST subject image', 'POST all subject images'])(
    '%s: the user is told, nothing stored changes',
    async (route) => {
      await resetEmulators();
      await resetImages();
      await resetFake();
      const owner = await author(`storage-${route.length}@example.com`);
      const tree = await courseTree(owner);
      const documents = await snapshotDatabase();
      const images = await storedImages();
      await resetFake();
      const sameOwner = { ...owner, images: (path: string) => onBrokenStorage(owner, path) };
      const outcome = await (AI_ROUTES[route] as (typeof AI_ROUTES)[string])(sameOwner, tree);
      expect(outcome).toEqual({ status: 503, error: IMAGE_NOT_STORED });
      expect(await expectOnlyCallsCounted(documents)).toBeGreaterThan(0);
      expect(await storedImages()).toEqual(images);
    },
  );

  function onBrokenStorage(owner: Client, path: string) {
    return request(brokenStorage).post(`/api/images/courses${path}`).set(owner.auth).send({});
  }
});

describe('fault suite: a Gemini fault during a whole-course job', () => {
  // The step function runs in the Functions emulator with the default Gemini timeout (this
  // file's 1 s applies only to the in-process API), so the timeout fault is left out; a refused
  // key fails every waiting step by design (tests/api/generation-job.test.ts).
  const JOB_FAULTS = FAULTS.filter(
    ({ status, message }) => status !== 400 && status !== 504 && message,
  );

  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  for (const { name, fault, message } of JOB_FAULTS) {
    it(`${name} on every try of one lesson fails only that step and stores nothing of it`, async () => {
      const client = await author(`job-fault-${name.replace(/\W+/g, '-')}@example.com`);
      const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
      const c = `/${course}`;
      const subject = (await client.post(`${c}/subjects`, { name: 'Shapes' })).body.id as string;
      const s = `${c}/subjects/${subject}`;
      const chapter = (await client.post(`${s}/chapters`, { name: 'Triangles' })).body.id as string;
      const topics = `${s}/chapters/${chapter}/topics`;
      const pythagoras = (await client.post(topics, { name: 'Pythagoras' })).body.id as string;
      const thales = (await client.post(topics, { name: 'Thales' })).body.id as string;
      await queueFaults(
        ...Array.from({ length: 3 }, () => ({
          ...fault,
          promptIncludes: 'Write the lesson "Thales"',
        })),
      );

      const started = await client.post(`${c}/generate_all`);
      expect(started.status).toBe(202);
      const jobId = (started.body as { job_id: string }).job_id;
      const job = await pollJob(
        async () => (await client.get(`${c}/jobs/${jobId}`)).body as GenerationJob,
        settled,
        40_000,
      );

      expect(job).toMatchObject({ status: 'finished', total: 2, done: 1, failed: 1 });
      expect(job.failed_steps).toEqual([
        expect.objectContaining({ level: 'lessons', name: 'Thales', message }),
      ]);
      expect((await client.get(`${topics}/${pythagoras}/content`)).status).toBe(200);
      expect((await client.get(`${topics}/${thales}/content`)).status).toBe(404);
      expect((await client.get(`${topics}/${thales}/content/versions`)).body).toEqual([]);
      const thalesTopic = (await client.get(topics)).body.find(
        (topic: { id: string }) => topic.id === thales,
      );
      expect(thalesTopic).toMatchObject({ has_content: false });
    }, 60_000);
  }
});
