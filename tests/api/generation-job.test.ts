import { JOB_MESSAGES, type GenerationJob } from '@coursecraft/contracts';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firestore/db';
import { courseRef, jobRef } from '../../functions/src/lib/firestore/paths';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import { GENERATION_BUSY } from '../../functions/src/modules/generation/gemini-access';
import {
  app,
  fakeSettings,
  type FakeRequest,
  geminiRequests,
  promptOf,
  queueFaults,
  resetFake,
} from './support/ai';
import { orphanedDocuments, readDatabase, snapshotDatabase } from './support/database';
import { resetEmulators, signUp } from './support/emulators';
import { pollJob, settled } from './support/jobs';
import { seedQuestions, seededQuestion, storedQuestions } from './support/seeded-questions';

/**
 * Whole-course jobs end to end: the in-process API queues each step on the Cloud Tasks emulator,
 * which runs it in the Functions emulator's `generationStep` against the same Firestore and the
 * fake Gemini. Each test's author has a key of their own, so faults and requests of a test are
 * told apart from a step of an earlier test still finishing.
 */
const JOB_TIMEOUT_MS = 90_000;
const textOf = (sent: FakeRequest) => promptOf(sent) ?? '';
let keys = 0;

async function jobAuthor(email: string, { withKey = true } = {}) {
  const { idToken } = await signUp(email);
  const auth = { authorization: `Bearer ${idToken}` };
  keys += 1;
  const apiKey = `AIzaJobKey${keys}x${Date.now()}`;
  if (withKey) {
    await request(app).put('/api/auth/api-key').set(auth).send({ api_key: apiKey }).expect(200);
  }
  const client = {
    apiKey,
    get: (path: string) => request(app).get(`/api/courses${path}`).set(auth),
    post: (path: string, body: object = {}) =>
      request(app).post(`/api/courses${path}`).set(auth).send(body),
    delete: (path: string) => request(app).delete(`/api/courses${path}`).set(auth),
    /** Creates a course-tree item by hand; answers its id. */
    create: async (path: string, body: object) => {
      const response = await client.post(path, body);
      expect(response.status, `POST ${path}`).toBe(201);
      return (response.body as { id: string }).id;
    },
    /** What this author's key asked the fake. */
    requests: async () => (await geminiRequests()).filter((sent) => sent.apiKey === apiKey),
  };
  return client;
}
type Author = Awaited<ReturnType<typeof jobAuthor>>;

async function startJob(client: Author, c: string, body: object = {}): Promise<string> {
  const response = await client.post(`${c}/generate_all`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return (response.body as { job_id: string }).job_id;
}

/** Polls the job until `until` holds (by default: until it is no longer running). */
function waitForJob(
  client: Author,
  c: string,
  jobId: string,
  until: (job: GenerationJob) => boolean = (job) => job.status !== 'running',
): Promise<GenerationJob> {
  const read = async () => {
    const response = await client.get(`${c}/jobs/${jobId}`);
    expect(response.status).toBe(200);
    return response.body as GenerationJob;
  };
  return pollJob(read, until, JOB_TIMEOUT_MS - 10_000);
}

/** Every stored document of the course tree (not the job's own record, nor lock leases). */
const courseTreeStored = async () =>
  (await snapshotDatabase()).filter(
    (line) => line.startsWith('courses/') && !line.includes('/jobs/'),
  );

interface Named {
  id: string;
  name: string;
}
const list = async (client: Author, path: string) => (await client.get(path)).body as Named[];

/** Every subject, chapter, topic and lesson of the course, as names and markdown. */
async function outlineOf(client: Author, c: string) {
  const subjects = [];
  for (const subject of await list(client, `${c}/subjects`)) {
    const s = `${c}/subjects/${subject.id}`;
    const chapters = [];
    for (const chapter of await list(client, `${s}/chapters`)) {
      const t = `${s}/chapters/${chapter.id}/topics`;
      const topics = [];
      for (const topic of await list(client, t)) {
        const content = await client.get(`${t}/${topic.id}/content`);
        const markdown = content.status === 200 ? (content.body as string) : null;
        topics.push({ name: topic.name, markdown });
      }
      chapters.push({ name: chapter.name, topics });
    }
    subjects.push({ name: subject.name, chapters });
  }
  return subjects;
}

/** The largest number of this author's Gemini requests of `kind` open at the same moment. */
async function peakConcurrency(client: Author, kind?: string) {
  const sent = (await client.requests()).filter((r) => !kind || r.kind === kind);
  const events = sent.flatMap((r) => [
    { at: r.startedAt, delta: 1 },
    { at: r.endedAt ?? Number.MAX_SAFE_INTEGER, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let open = 0;
  let peak = 0;
  for (const { delta } of events) {
    open += delta;
    peak = Math.max(peak, open);
  }
  return peak;
}

/** A course with one subject and one chapter holding `topics` topics without lessons. */
async function chapterOfTopics(client: Author, topics: number) {
  const c = `/${await client.create('/create-manual', { name: 'Calculus' })}`;
  const s = `${c}/subjects/${await client.create(`${c}/subjects`, { name: 'Limits' })}`;
  const ch = `${s}/chapters/${await client.create(`${s}/chapters`, { name: 'Basics' })}`;
  const topicPaths: string[] = [];
  for (let n = 1; n <= topics; n += 1) {
    topicPaths.push(`${ch}/topics/${await client.create(`${ch}/topics`, { name: `Topic ${n}` })}`);
  }
  return { c, ch, topicPaths };
}

/** The prompt of a questions request names its topic so: `on the lesson "Topic 1"`. */
const questionsOn = (name: string) => `questions on the lesson "${name}"`;

describe('whole-course generation jobs', { timeout: JOB_TIMEOUT_MS }, () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  it('drafts everything missing level by level and never overwrites what exists', async () => {
    const ada = await jobAuthor('ada@example.com');
    const c = `/${await ada.create('/create-manual', { name: 'Physics' })}`;
    const mechanics = `${c}/subjects/${await ada.create(`${c}/subjects`, { name: 'Mechanics' })}`;
    await ada.create(`${c}/subjects`, { name: 'Optics' });
    const motion = `${mechanics}/chapters/${await ada.create(`${mechanics}/chapters`, { name: 'Motion' })}`;
    const written = `${motion}/topics/${await ada.create(`${motion}/topics`, { name: 'Speed' })}`;
    const handWritten = '# Speed\n\nWritten by hand, $v = d/t$.\n';
    await ada.create(`${written}/content`, { content: handWritten });
    await ada.create(`${motion}/topics`, { name: 'Acceleration' });
    const before = await outlineOf(ada, c);

    const jobId = await startJob(ada, c);
    const job = await waitForJob(ada, c, jobId);
    const after = await outlineOf(ada, c);

    expect(job.status).toBe('finished');
    expect(job.failed).toBe(0);
    expect(job.done).toBe(job.total);
    // Mechanics keeps its one chapter and two topics; Speed keeps its lesson byte for byte.
    const [mechanicsAfter, opticsAfter] = after;
    expect(mechanicsAfter?.chapters.map((chapter) => chapter.name)).toEqual(['Motion']);
    expect(mechanicsAfter?.chapters[0]?.topics.map((topic) => topic.name)).toEqual(
      before[0]?.chapters[0]?.topics.map((topic) => topic.name),
    );
    expect(before[0]?.chapters[0]?.topics[0]?.markdown).toBe(handWritten.trim());
    expect(mechanicsAfter?.chapters[0]?.topics[0]?.markdown).toBe(handWritten.trim());
    expect(mechanicsAfter?.chapters[0]?.topics[1]?.markdown).toMatch(/\S/);
    // Optics got chapters, each chapter topics, each topic a lesson.
    expect(opticsAfter?.chapters.length).toBeGreaterThan(0);
    for (const chapter of opticsAfter?.chapters ?? []) {
      expect(chapter.topics.length).toBeGreaterThan(0);
      for (const topic of chapter.topics) expect(topic.markdown).toMatch(/\S/);
    }
    const opticsChapters = opticsAfter?.chapters.length ?? 0;
    const opticsTopics = opticsAfter?.chapters.flatMap((chapter) => chapter.topics).length ?? 0;
    expect(job.levels).toEqual({
      subjects: { total: 0, done: 0, failed: 0 },
      chapters: { total: 1, done: 1, failed: 0 },
      topics: { total: opticsChapters, done: opticsChapters, failed: 0 },
      lessons: { total: opticsTopics + 1, done: opticsTopics + 1, failed: 0 },
      questions: { total: 0, done: 0, failed: 0 },
    });

    // Steps that depend on each other ran one after the other: Optics' chapters were planned
    // before any of their topics, and each chapter's topics before its lessons.
    const sent = await ada.requests();
    const chaptersRequest = sent.find((r) =>
      textOf(r).includes('Plan the chapters of the subject "Optics"'),
    );
    const topicRequests = sent.filter((r) => textOf(r).startsWith('List the topics'));
    const lessonRequests = sent.filter((r) => r.kind === 'text');
    expect(chaptersRequest?.endedAt).not.toBeNull();
    expect(topicRequests).toHaveLength(opticsChapters);
    for (const topics of topicRequests) {
      expect(topics.startedAt).toBeGreaterThanOrEqual(chaptersRequest?.endedAt ?? Infinity);
    }
    const firstTopicsEnd = Math.min(...topicRequests.map((r) => r.endedAt ?? Infinity));
    const opticsLessons = lessonRequests.filter(
      (r) => !textOf(r).includes('Write the lesson "Acceleration"'),
    );
    for (const lesson of opticsLessons) {
      expect(lesson.startedAt).toBeGreaterThanOrEqual(firstTopicsEnd);
    }
    // Nothing was asked twice, and nothing that existed was asked at all.
    expect(lessonRequests).toHaveLength(opticsTopics + 1);
    expect(sent.some((r) => textOf(r).includes('Write the lesson "Speed"'))).toBe(false);
  });

  it('starts a course from nothing: its subjects first, then everything below them', async () => {
    const grace = await jobAuthor('grace@example.com');
    const c = `/${await grace.create('/create-manual', { name: 'Chemistry' })}`;
    const jobId = await startJob(grace, c);
    const job = await waitForJob(grace, c, jobId);
    expect(job).toMatchObject({ status: 'finished', failed: 0 });
    expect(job.levels.subjects).toEqual({ total: 1, done: 1, failed: 0 });
    const outline = await outlineOf(grace, c);
    expect(outline.length).toBe(job.levels.chapters.total);
    expect(outline.flatMap((s) => s.chapters).length).toBe(job.levels.topics.total);
    const topics = outline.flatMap((s) => s.chapters.flatMap((chapter) => chapter.topics));
    expect(topics.length).toBe(job.levels.lessons.total);
    expect(topics.every((topic) => topic.markdown)).toBe(true);
  });

  it('runs independent steps in parallel, never more than the per-user AI request limit', async () => {
    const alan = await jobAuthor('alan@example.com');
    const { c } = await chapterOfTopics(alan, 10);
    await fakeSettings({ replyDelayMs: 600 });
    const job = await waitForJob(alan, c, await startJob(alan, c));
    expect(job).toMatchObject({ status: 'finished', done: 10, failed: 0 });
    const peak = await peakConcurrency(alan, 'text');
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(4);
  });

  it('retries a step Gemini fails, and records one that fails every try without stopping the others', async () => {
    const edsger = await jobAuthor('edsger@example.com');
    const { c, topicPaths } = await chapterOfTopics(edsger, 3);
    const { apiKey } = edsger;
    await queueFaults(
      { status: 500, apiKey, promptIncludes: 'Write the lesson "Topic 1"' },
      ...Array.from({ length: 3 }, () => ({
        status: 503,
        apiKey,
        promptIncludes: 'Write the lesson "Topic 2"',
      })),
    );
    const jobId = await startJob(edsger, c);
    const job = await waitForJob(edsger, c, jobId);

    expect(job).toMatchObject({ status: 'finished', total: 3, done: 2, failed: 1 });
    expect(job.failed_steps).toEqual([
      expect.objectContaining({
        level: 'lessons',
        name: 'Topic 2',
        message: AI_MESSAGES.unavailable,
      }),
    ]);
    const tries = (name: string) =>
      edsger
        .requests()
        .then(
          (sent) => sent.filter((r) => textOf(r).includes(`Write the lesson "${name}"`)).length,
        );
    expect(await tries('Topic 1')).toBe(2);
    expect(await tries('Topic 2')).toBe(3);
    expect(await tries('Topic 3')).toBe(1);
    const failedTopic = await edsger.get(`${topicPaths[1]}/content`);
    expect(failedTopic.status).toBe(404);

    // Retry failed steps runs only the failed one, and this time it is written.
    const retried = await edsger.post(`${c}/jobs/${jobId}/retry`);
    expect(retried.status).toBe(202);
    expect((retried.body as GenerationJob).status).toBe('running');
    const again = await waitForJob(edsger, c, jobId);
    expect(again).toMatchObject({ status: 'finished', total: 3, done: 3, failed: 0 });
    expect((await edsger.get(`${topicPaths[1]}/content`)).status).toBe(200);
    expect(await tries('Topic 1')).toBe(2);
  });

  it('fails every waiting step at once when the key is refused', async () => {
    const ken = await jobAuthor('ken@example.com');
    const { c } = await chapterOfTopics(ken, 6);
    await queueFaults(...Array.from({ length: 6 }, () => ({ status: 400, apiKey: ken.apiKey })));
    const job = await waitForJob(ken, c, await startJob(ken, c), settled);
    expect(job).toMatchObject({ status: 'finished', done: 0, failed: 6 });
    expect(new Set(job.failed_steps.map((step) => step.message))).toEqual(
      new Set([AI_MESSAGES.keyRejected]),
    );
    // At most the first parallel batch reached Gemini; the rest failed without asking.
    expect((await ken.requests()).length).toBeLessThanOrEqual(4);
  });

  it('Stop cancels the steps not started, and a stopped job stores nothing more', async () => {
    const barbara = await jobAuthor('barbara@example.com');
    const { c } = await chapterOfTopics(barbara, 10);
    await fakeSettings({ replyDelayMs: 1500 });
    const jobId = await startJob(barbara, c);
    await waitForJob(barbara, c, jobId, (job) => job.done >= 1);

    const stopped = await barbara.delete(`${c}/jobs/${jobId}`);
    expect([stopped.status, stopped.text]).toEqual([204, '']);
    const atStop = (await barbara.get(`${c}/jobs/${jobId}`).expect(200)).body as GenerationJob;
    expect(atStop.status).toBe('stopped');
    expect(atStop.cancelled).toBeGreaterThan(0);
    const storedAtStop = await courseTreeStored();

    const after = await waitForJob(barbara, c, jobId, settled);
    expect(after.status).toBe('stopped');
    expect(after.done).toBe(atStop.done);
    expect(after.done + after.cancelled).toBe(10);
    expect(await courseTreeStored()).toEqual(storedAtStop);
    // Stopping again changes nothing.
    await barbara.delete(`${c}/jobs/${jobId}`).expect(204);
    expect((await barbara.get(`${c}/jobs/${jobId}`).expect(200)).body).toEqual(after);
  });

  it('deleting a course while its job runs leaves no document of the course behind', async () => {
    const grace = await jobAuthor('grace@example.com');
    const { c } = await chapterOfTopics(grace, 6);
    await fakeSettings({ replyDelayMs: 1500 });
    await startJob(grace, c);
    // Delete while a step is talking to Gemini, so it ends after the course is gone.
    const deadline = Date.now() + 30_000;
    while ((await grace.requests()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await grace.delete(c).expect(204);
    // Let every step already talking to Gemini finish (and try to store its lesson).
    let seen = -1;
    for (;;) {
      const sent = await grace.requests();
      if (sent.length === seen && sent.every((request) => typeof request.endedAt === 'number'))
        break;
      seen = sent.length;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    expect(seen).toBeGreaterThan(0);
    expect(await orphanedDocuments()).toEqual([]);
    const courseId = c.slice(1);
    expect(
      (await readDatabase()).map(({ path }) => path).filter((path) => path.includes(courseId)),
    ).toEqual([]);
  });

  it('one job per course: a second start answers 409 with the running job, which a reconnecting client finds', async () => {
    const margaret = await jobAuthor('margaret@example.com');
    const { c } = await chapterOfTopics(margaret, 4);
    await fakeSettings({ replyDelayMs: 800 });
    const [first, second] = await Promise.all([
      margaret.post(`${c}/generate_all`),
      margaret.post(`${c}/generate_all`),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([202, 409]);
    const started = first.status === 202 ? first : second;
    const refused = first.status === 202 ? second : first;
    const jobId = (started.body as { job_id: string }).job_id;
    expect(refused.body).toEqual({
      error: JOB_MESSAGES.alreadyRunning,
      code: 'JOB_RUNNING',
      details: { job_id: jobId },
    });

    // A page opened later (the tab was closed) finds the same job through the course.
    const latest = await margaret.get(`${c}/jobs`);
    expect(latest.status).toBe(200);
    expect((latest.body as { job: GenerationJob }).job).toMatchObject({
      id: jobId,
      course_id: c.slice(1),
    });
    const finished = await waitForJob(margaret, c, jobId);
    expect(finished.status).toBe('finished');
    expect(((await margaret.get(`${c}/jobs`)).body as { job: GenerationJob }).job).toEqual(
      finished,
    );

    // Once it has finished, nothing is missing: a new start says so and creates no job.
    const nothing = await margaret.post(`${c}/generate_all`);
    expect(nothing.status).toBe(400);
    expect(nothing.body).toEqual({ error: JOB_MESSAGES.nothingMissing, code: 'VALIDATION' });
  });

  it('shares the locks of the buttons: a button pressed on a node the job is writing gets 409', async () => {
    const niklaus = await jobAuthor('niklaus@example.com');
    const { c, topicPaths } = await chapterOfTopics(niklaus, 1);
    await fakeSettings({ replyDelayMs: 2500 });
    const jobId = await startJob(niklaus, c);
    const deadline = Date.now() + 30_000;
    while ((await niklaus.requests()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pressed = await niklaus.post(`${topicPaths[0]}/generate_content`);
    expect(pressed.status).toBe(409);
    expect(pressed.body).toEqual({ error: GENERATION_BUSY, code: 'GENERATION_RUNNING' });
    const job = await waitForJob(niklaus, c, jobId);
    expect(job).toMatchObject({ status: 'finished', done: 1 });
    expect((await niklaus.requests()).length).toBe(1);
  });

  it('needs the author’s key, answers 404 for unknown jobs and for other authors’ courses', async () => {
    const keyless = await jobAuthor('keyless@example.com', { withKey: false });
    const { c } = await chapterOfTopics(keyless, 1);
    const refused = await keyless.post(`${c}/generate_all`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: AI_MESSAGES.noApiKey, code: 'GEMINI_KEY_MISSING' });
    expect(((await keyless.get(`${c}/jobs`)).body as { job: null }).job).toBeNull();
    expect((await keyless.get(`${c}/jobs/nojobhere`)).status).toBe(404);
    expect((await keyless.get(`${c}/jobs/__bad__`)).status).toBe(404);

    const other = await jobAuthor('other@example.com');
    expect((await other.post(`${c}/generate_all`)).status).toBe(404);
    expect((await other.get(`${c}/jobs`)).status).toBe(404);
  });
  it('include_questions: every topic with a lesson and no questions gets 5, after its lesson', async () => {
    const hopper = await jobAuthor('hopper@example.com');
    const { c, ch, topicPaths } = await chapterOfTopics(hopper, 2);
    const written = `${ch}/topics/${await hopper.create(`${ch}/topics`, { name: 'Written' })}`;
    await hopper.create(`${written}/content`, { content: '## Written by hand' });
    const asked = `${ch}/topics/${await hopper.create(`${ch}/topics`, { name: 'Asked' })}`;
    await hopper.create(`${asked}/content`, { content: '## Asked already' });
    await seedQuestions(asked, [seededQuestion(1)]);

    const job = await waitForJob(hopper, c, await startJob(hopper, c, { include_questions: true }));
    expect(job).toMatchObject({ status: 'finished', failed: 0 });
    expect(job.levels.lessons).toEqual({ total: 2, done: 2, failed: 0 });
    expect(job.levels.questions).toEqual({ total: 3, done: 3, failed: 0 });
    for (const topic of [...topicPaths, written]) {
      const questions = await storedQuestions(topic);
      expect(questions).toHaveLength(5);
      expect(questions.every((question) => question.origin === 'generated')).toBe(true);
    }
    expect(await storedQuestions(asked)).toEqual([seededQuestion(1)]);
    // Each new topic's questions were asked for once its lesson was written, on that lesson.
    const sent = await hopper.requests();
    for (const name of ['Topic 1', 'Topic 2']) {
      const lesson = sent.find((r) => textOf(r).includes(`Write the lesson "${name}"`));
      const questions = sent.filter((r) => textOf(r).includes(questionsOn(name)));
      expect(questions).toHaveLength(1);
      expect(questions[0]?.startedAt).toBeGreaterThanOrEqual(lesson?.endedAt ?? Infinity);
      expect(textOf(questions[0] as FakeRequest)).toContain(`This lesson introduces ${name}.`);
    }
    expect(sent.some((r) => textOf(r).includes(questionsOn('Asked')))).toBe(false);
  });

  it('without include_questions no topic gets questions, and the questions level stays at zero', async () => {
    const lovelace = await jobAuthor('lovelace@example.com');
    const { c, topicPaths } = await chapterOfTopics(lovelace, 2);
    const job = await waitForJob(lovelace, c, await startJob(lovelace, c));
    expect(job).toMatchObject({ status: 'finished', done: 2, failed: 0 });
    expect(job.levels.questions).toEqual({ total: 0, done: 0, failed: 0 });
    for (const topic of topicPaths) expect(await storedQuestions(topic)).toEqual([]);
    expect((await lovelace.requests()).some((r) => textOf(r).includes('questions on'))).toBe(false);
    // A course whose every topic has a lesson has nothing missing, unless questions are asked for.
    const again = await lovelace.post(`${c}/generate_all`, { include_questions: false });
    expect(again.body).toEqual({ error: JOB_MESSAGES.nothingMissing, code: 'VALIDATION' });
    const invalid = await lovelace.post(`${c}/generate_all`, { include_questions: 'yes' });
    expect([invalid.status, invalid.body.code]).toEqual([400, 'VALIDATION']);
  });

  /** A course whose one topic has a lesson; its questions request takes 2.5 s to answer. */
  async function slowQuestionsTopic(client: Author) {
    const { c, ch } = await chapterOfTopics(client, 0);
    const topic = `${ch}/topics/${await client.create(`${ch}/topics`, { name: 'Slow' })}`;
    await client.create(`${topic}/content`, { content: '## Slow' });
    await queueFaults({
      delayMs: 2500,
      apiKey: client.apiKey,
      promptIncludes: questionsOn('Slow'),
    });
    const jobId = await startJob(client, c, { include_questions: true });
    const deadline = Date.now() + 30_000;
    while ((await client.requests()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { c, topic, jobId };
  }

  it('a questions step keeps the questions a topic got while Gemini wrote', async () => {
    const liskov = await jobAuthor('liskov@example.com');
    const { c, topic, jobId } = await slowQuestionsTopic(liskov);
    await seedQuestions(topic, [seededQuestion(1)]);
    const job = await waitForJob(liskov, c, jobId);
    expect(job).toMatchObject({ status: 'finished', failed: 0 });
    expect(job.levels.questions).toEqual({ total: 1, done: 1, failed: 0 });
    expect(await storedQuestions(topic)).toEqual([seededQuestion(1)]);
    expect(await liskov.requests()).toHaveLength(1);
  });

  it('a questions step stores nothing once its job was stopped', async () => {
    const wirth = await jobAuthor('wirth@example.com');
    const { c, topic, jobId } = await slowQuestionsTopic(wirth);
    await wirth.delete(`${c}/jobs/${jobId}`).expect(204);
    const job = await waitForJob(wirth, c, jobId, settled);
    expect(job.status).toBe('stopped');
    expect((await wirth.requests()).every((r) => r.endedAt !== null)).toBe(true);
    expect(await storedQuestions(topic)).toEqual([]);
  });

  it('reads a job stored before questions could be included: its questions level is zeros', async () => {
    const OLD_JOB = 'OldJobStoredBefore01';
    const knuth = await jobAuthor('knuth@example.com');
    const { c } = await chapterOfTopics(knuth, 1);
    const path = { courseId: c.slice(1) };
    const at = Timestamp.fromMillis(Date.parse('2026-01-01T10:00:00Z'));
    await jobRef(db(), path, OLD_JOB).set({
      owner_uid: (await courseRef(db(), path).get()).get('owner_uid') as string,
      status: 'finished',
      created_at: at,
      finished_at: at,
      parallel: 4,
      steps: {
        'lessons-t1': {
          level: 'lessons',
          path: { ...path, subjectId: 's', chapterId: 'ch', topicId: 't1' },
          name: 'Topic 1',
          state: 'done',
          round: 1,
          order: 0,
          message: null,
          dispatchedAt: null,
        },
      },
      updated_at: at,
    });
    await courseRef(db(), path).update({ job_id: OLD_JOB });
    const read = await knuth.get(`${c}/jobs/${OLD_JOB}`);
    expect(read.status).toBe(200);
    expect((read.body as GenerationJob).levels).toEqual({
      subjects: { total: 0, done: 0, failed: 0 },
      chapters: { total: 0, done: 0, failed: 0 },
      topics: { total: 0, done: 0, failed: 0 },
      lessons: { total: 1, done: 1, failed: 0 },
      questions: { total: 0, done: 0, failed: 0 },
    });
    expect(((await knuth.get(`${c}/jobs`)).body as { job: GenerationJob }).job?.id).toBe(OLD_JOB);
  });
});
