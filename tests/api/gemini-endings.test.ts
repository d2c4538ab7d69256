import type { ErrorCode, GenerationJob } from '@coursecraft/contracts';
import type request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeFault } from '../../scripts/lib/fake-gemini.mjs';
import {
  author,
  geminiRequests,
  promptOf,
  queueFaults,
  resetFake,
  resetImages,
  storedImages,
  streamedPost,
  toneWav,
} from './support/ai';
import { expectOnlyCallsCounted, withoutAiBudget } from './support/budget';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';
import { pollJob, settled } from './support/jobs';

/**
 * Gemini answers that end early (cut off at the output limit, declined by a filter, the prompt
 * blocked) and a busy or unavailable Gemini, at every level that asks it: each fails with its
 * own status, code and words, and nothing stored changes.
 */

type Client = Awaited<ReturnType<typeof author>>;

const LESSON_CUT_OFF =
  'The lesson was cut off before it ended. Please try again or shorten the lesson length.';
const ANSWER_CUT_OFF = "Gemini's answer was cut off. Please try again.";
const DECLINED = 'Gemini declined to write this. Please rephrase the course or the instructions.';
const BUSY = 'Gemini is busy for your key. Please try again in 17 seconds.';
const UNAVAILABLE = 'Gemini is not available right now. Please try again.';

interface Outcome {
  status: number;
  code: ErrorCode;
  error: string;
  retryAfter?: string;
}

type Kind = 'list' | 'lesson' | 'image';

interface Ending {
  name: string;
  fault: FakeFault;
  /** What the caller is told, by what the level asked for. */
  outcome: (kind: Kind) => Outcome;
}

const declined = (): Outcome => ({ status: 422, code: 'GEMINI_DECLINED', error: DECLINED });

const ENDINGS: Ending[] = [
  {
    name: 'MAX_TOKENS',
    fault: { finishReason: 'MAX_TOKENS' },
    outcome: (kind) => ({
      status: 502,
      code: 'GEMINI_CUT_OFF',
      error: kind === 'lesson' ? LESSON_CUT_OFF : ANSWER_CUT_OFF,
    }),
  },
  { name: 'SAFETY', fault: { finishReason: 'SAFETY' }, outcome: declined },
  { name: 'RECITATION', fault: { finishReason: 'RECITATION' }, outcome: declined },
  { name: 'BLOCKLIST', fault: { finishReason: 'BLOCKLIST' }, outcome: declined },
  { name: 'PROHIBITED_CONTENT', fault: { finishReason: 'PROHIBITED_CONTENT' }, outcome: declined },
  { name: 'IMAGE_SAFETY', fault: { finishReason: 'IMAGE_SAFETY' }, outcome: declined },
  { name: 'a blocked prompt', fault: { blockReason: 'SAFETY' }, outcome: declined },
  {
    name: '429 with a retry delay',
    fault: { status: 429, retryDelay: '17s' },
    outcome: () => ({ status: 429, code: 'GEMINI_BUSY', error: BUSY, retryAfter: '17' }),
  },
  {
    name: '503 UNAVAILABLE',
    fault: { status: 503 },
    outcome: () => ({ status: 502, code: 'GEMINI_UNAVAILABLE', error: UNAVAILABLE }),
  },
];

/** A course with a cover, two subjects, a chapter, and a topic with a lesson. */
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

interface Level {
  kind: Kind;
  call: (client: Client, tree: Tree) => Promise<Outcome>;
}

async function answer(pending: PromiseLike<request.Response>): Promise<Outcome> {
  const response = await pending;
  const retryAfter = response.headers['retry-after'] as string | undefined;
  return {
    status: response.status,
    code: response.body.code,
    error: response.body.error,
    ...(retryAfter ? { retryAfter } : {}),
  };
}

/**
 * A streamed lesson's outcome, from its last event, which must be `error`; a retry delay comes
 * as `details.retry_after_seconds`, since a stream's headers are long sent.
 */
async function streamedAnswer(client: Client, path: string): Promise<Outcome> {
  const response = await streamedPost(client, path);
  const last = String(response.body).trim().split('\n\n').at(-1) ?? '';
  expect(last.split('\n')[0], String(response.body)).toBe('event: error');
  const data = JSON.parse(/^data: (.*)$/m.exec(last)?.[1] ?? '{}');
  const seconds = data.details?.retry_after_seconds as number | undefined;
  return {
    status: data.status,
    code: data.code,
    error: data.error,
    ...(seconds ? { retryAfter: String(seconds) } : {}),
  };
}

const LEVELS: Record<string, Level> = {
  'course draft': {
    kind: 'list',
    call: (client) => answer(client.post('/add_course', { name: 'Topology' })),
  },
  'course draft from speech': {
    kind: 'list',
    call: (client) => answer(client.upload(toneWav(1))),
  },
  subjects: {
    kind: 'list',
    call: (client, { course }) => answer(client.post(`/${course}/generate_subjects`)),
  },
  chapters: {
    kind: 'list',
    call: (client, { s }) =>
      answer(client.post(`${s}/generate_chapters`, { instructions: 'Fewer, please' })),
  },
  topics: { kind: 'list', call: (client, { ch }) => answer(client.post(`${ch}/generate_topics`)) },
  'lesson (JSON)': {
    kind: 'lesson',
    call: (client, { t }) => answer(client.post(`${t}/generate_content`)),
  },
  'lesson (stream)': {
    kind: 'lesson',
    call: (client, { t }) => streamedAnswer(client, `${t}/generate_content`),
  },
  'course cover': {
    kind: 'image',
    call: (client, { course }) => answer(client.images(`/${course}/generate`)),
  },
  'subject cover': {
    kind: 'image',
    call: (client, { course, subject }) =>
      answer(client.images(`/${course}/subjects/${subject}/generate`)),
  },
  'all subject covers': {
    kind: 'image',
    call: (client, { course }) => answer(client.images(`/${course}/subjects/generate-all`)),
  },
};

describe('Gemini answers that end early, at every level', () => {
  let client: Client;
  let tree: Tree;
  let documentsBefore: string[];
  let imagesBefore: string[];

  beforeAll(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
    client = await author('endings@example.com');
    tree = await courseTree(client);
    documentsBefore = await snapshotDatabase();
    imagesBefore = await storedImages();
  });

  beforeEach(() => resetFake());

  const cases = Object.entries(LEVELS).flatMap(([level, { kind }]) =>
    ENDINGS.map((ending) => ({ level, kind, ...ending })),
  );

  it.each(cases)('$level, $name: status, code and words; nothing stored changes', async (c) => {
    // Enough for every call one request makes (a bulk of covers draws one per subject).
    await queueFaults(c.fault, c.fault, c.fault);
    const before = await snapshotDatabase();
    const outcome = await (LEVELS[c.level] as Level).call(client, tree);
    expect(outcome).toEqual(c.outcome(c.kind));
    // Every call reached Gemini, so each is counted against the daily budget; nothing else moves.
    await expectOnlyCallsCounted(before);
    expect(withoutAiBudget(await snapshotDatabase())).toEqual(withoutAiBudget(documentsBefore));
    expect(await storedImages()).toEqual(imagesBefore);
  });

  it('a cut-off stream has shown some text before its error event; the stored lesson stays', async () => {
    await queueFaults({ finishReason: 'MAX_TOKENS' });
    const response = await streamedPost(client, `${tree.t}/generate_content`);
    const events = String(response.body).match(/^event: \w+/gm) ?? [];
    expect(events.filter((event) => event === 'event: chunk').length).toBeGreaterThan(0);
    expect(events.at(-1)).toBe('event: error');
    expect((await client.get(`${tree.t}/content`)).body).toBe('## My own lesson');
  });

  it('a cut-off list is not asked for again within the request', async () => {
    await queueFaults({ finishReason: 'MAX_TOKENS' });
    await client.post(`${tree.ch}/generate_topics`).expect(502);
    expect(await geminiRequests()).toHaveLength(1);
  });
});

describe('Gemini answers that end early during a whole-course job', { timeout: 90_000 }, () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  /** A chapter with the topics Pythagoras and Thales, without lessons, and its job's paths. */
  async function chapterOfTwoTopics(email: string) {
    const client = await author(email);
    const c = `/${(await client.post('/create-manual', { name: 'Geometry' })).body.id as string}`;
    const subject = (await client.post(`${c}/subjects`, { name: 'Shapes' })).body.id as string;
    const s = `${c}/subjects/${subject}`;
    const chapter = (await client.post(`${s}/chapters`, { name: 'Triangles' })).body.id as string;
    const topics = `${s}/chapters/${chapter}/topics`;
    const pythagoras = (await client.post(topics, { name: 'Pythagoras' })).body.id as string;
    const thales = (await client.post(topics, { name: 'Thales' })).body.id as string;
    const read = (jobId: string) => async () =>
      (await client.get(`${c}/jobs/${jobId}`)).body as GenerationJob;
    const start = async () => {
      const started = await client.post(`${c}/generate_all`);
      expect(started.status).toBe(202);
      return (started.body as { job_id: string }).job_id;
    };
    return { client, c, topics, pythagoras, thales, read, start };
  }

  const thalesFault = (fault: FakeFault) => ({
    ...fault,
    promptIncludes: 'Write the lesson "Thales"',
  });
  const thalesRequests = async () =>
    (await geminiRequests()).filter((sent) =>
      promptOf(sent)?.includes('Write the lesson "Thales"'),
    );

  it('a lesson cut off on every try fails its step only; Retry failed steps writes it', async () => {
    const { client, c, topics, pythagoras, thales, read, start } =
      await chapterOfTwoTopics('job-cut-off@example.com');
    await queueFaults(
      ...Array.from({ length: 3 }, () => thalesFault({ finishReason: 'MAX_TOKENS' })),
    );

    const jobId = await start();
    const job = await pollJob(read(jobId), settled, 60_000);
    expect(job).toMatchObject({ status: 'finished', total: 2, done: 1, failed: 1 });
    expect(job.failed_steps).toEqual([
      expect.objectContaining({ level: 'lessons', name: 'Thales', message: LESSON_CUT_OFF }),
    ]);
    expect(await thalesRequests()).toHaveLength(3);
    expect((await client.get(`${topics}/${pythagoras}/content`)).status).toBe(200);
    expect((await client.get(`${topics}/${thales}/content`)).status).toBe(404);
    expect((await client.get(`${topics}/${thales}/content/versions`)).body).toEqual([]);

    const retried = await client.post(`${c}/jobs/${jobId}/retry`);
    expect(retried.status).toBe(202);
    const again = await pollJob(read(jobId), settled, 60_000);
    expect(again).toMatchObject({ status: 'finished', total: 2, done: 2, failed: 0 });
    expect((await client.get(`${topics}/${thales}/content`)).status).toBe(200);
  });

  it('a declined lesson fails its step on the first try, not the others; Retry failed steps writes it', async () => {
    const { client, c, topics, pythagoras, thales, read, start } = await chapterOfTwoTopics(
      'job-declined@example.com',
    );
    await queueFaults(thalesFault({ finishReason: 'SAFETY' }));

    const jobId = await start();
    const job = await pollJob(read(jobId), settled, 60_000);
    expect(job).toMatchObject({ status: 'finished', total: 2, done: 1, failed: 1 });
    expect(job.failed_steps).toEqual([
      expect.objectContaining({ level: 'lessons', name: 'Thales', message: DECLINED }),
    ]);
    expect(await thalesRequests()).toHaveLength(1);
    expect((await client.get(`${topics}/${pythagoras}/content`)).status).toBe(200);
    expect((await client.get(`${topics}/${thales}/content/versions`)).body).toEqual([]);

    const retried = await client.post(`${c}/jobs/${jobId}/retry`);
    expect(retried.status).toBe(202);
    const again = await pollJob(read(jobId), settled, 60_000);
    expect(again).toMatchObject({ status: 'finished', done: 2, failed: 0 });
    expect((await client.get(`${topics}/${thales}/content`)).status).toBe(200);
  });

  it('a cut-off or declined level of the outline fails its step and stores nothing of it', async () => {
    const client = await author('job-outline@example.com');
    const c = `/${(await client.post('/create-manual', { name: 'Geometry' })).body.id as string}`;
    await queueFaults({ finishReason: 'PROHIBITED_CONTENT', match: 'json' });
    const started = await client.post(`${c}/generate_all`);
    expect(started.status).toBe(202);
    const jobId = (started.body as { job_id: string }).job_id;
    const read = async () => (await client.get(`${c}/jobs/${jobId}`)).body as GenerationJob;
    const job = await pollJob(read, settled, 60_000);
    expect(job).toMatchObject({ status: 'finished', total: 1, failed: 1 });
    expect(job.failed_steps).toEqual([
      expect.objectContaining({ level: 'subjects', message: DECLINED }),
    ]);
    expect((await client.get(`${c}/subjects`)).body).toEqual([]);
  });

  it('a step Gemini answers 429 with a retry delay tries again only after that delay', async () => {
    const { client, topics, thales, read, start } =
      await chapterOfTwoTopics('job-busy@example.com');
    await queueFaults(thalesFault({ status: 429, retryDelay: '2s' }));

    const jobId = await start();
    const job = await pollJob(read(jobId), settled, 60_000);
    expect(job).toMatchObject({ status: 'finished', done: 2, failed: 0 });
    expect((await client.get(`${topics}/${thales}/content`)).status).toBe(200);
    const [refused, next] = await thalesRequests();
    expect(refused?.endedAt).not.toBeNull();
    expect((next?.startedAt ?? 0) - (refused?.endedAt ?? 0)).toBeGreaterThanOrEqual(2000);
  });
});
