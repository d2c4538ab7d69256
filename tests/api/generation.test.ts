import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import {
  GENERATION_BUSY,
  TOO_MANY_AI_REQUESTS,
} from '../../functions/src/modules/generation/gemini-access';
import {
  USER_KEY,
  author,
  fakeSettings,
  geminiRequests,
  promptOf,
  queueFaults,
  resetFake,
  streamedPost,
} from './support/ai';
import { expectOnlyCallsCounted } from './support/budget';
import { orphanedDocuments, pathsOf, snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';

describe('AI generation routes (fake Gemini)', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  it('drafts a course from text with the author’s own key', async () => {
    const client = await author('drafter@example.com');
    const created = await client.post('/add_course', {
      name: 'Intro to "Linear Algebra" for engineers',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ has_subjects: false, image_url: null });
    expect(created.body.name).toContain('Linear Algebra');
    expect(created.body.description).not.toBe('');
    const [sent] = await geminiRequests();
    expect(sent?.apiKey).toBe(USER_KEY);
    expect(promptOf(sent)).toContain('Linear Algebra');
    expect((await client.get('/my-courses')).body).toHaveLength(1);
  });

  it('refuses AI work without a saved key with 403 and the API key message', async () => {
    const client = await author('keyless@example.com', { withKey: false });
    const refused = await client.post('/add_course', { name: 'Geometry' });
    expect([refused.status, refused.body.error]).toEqual([403, AI_MESSAGES.noApiKey]);
    const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
    const subjects = await client.post(`/${course}/generate_subjects`);
    expect([subjects.status, subjects.body.error]).toEqual([403, AI_MESSAGES.noApiKey]);
    expect(await geminiRequests()).toHaveLength(0);
  });

  it('validates the course text', async () => {
    const client = await author('blank@example.com');
    const blank = await client.post('/add_course', { name: '   ' });
    expect([blank.status, blank.body.error]).toEqual([400, 'name: Course name is required']);
    expect(await geminiRequests()).toHaveLength(0);
  });

  it('generates subjects, chapters and topics, each level with its context', async () => {
    const client = await author('planner@example.com');
    const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
    const subjects = await client.post(`/${course}/generate_subjects`);
    expect(subjects.status).toBe(200);
    expect(subjects.body.length).toBeGreaterThan(0);
    expect((await client.get(`/${course}`)).body.has_subjects).toBe(true);
    const subject = subjects.body[0].id as string;

    const chapters = await client.post(`/${course}/subjects/${subject}/generate_chapters`);
    expect(chapters.status).toBe(200);
    expect(chapters.body.length).toBeGreaterThan(0);
    expect((await client.get(`/${course}/subjects/${subject}`)).body.has_chapters).toBe(true);
    const chapter = chapters.body[0].id as string;

    const topics = await client.post(
      `/${course}/subjects/${subject}/chapters/${chapter}/generate_topics`,
    );
    expect(topics.status).toBe(200);
    expect(topics.body.every((topic: { has_content: boolean }) => !topic.has_content)).toBe(true);
    const listed = await client.get(`/${course}/subjects/${subject}/chapters`);
    expect(listed.body[0]).toMatchObject({ id: chapter, has_topics: true });

    const prompts = (await geminiRequests()).map(promptOf);
    expect(prompts[1]).toContain('"Geometry"');
    expect(prompts[2]).toContain(subjects.body[0].name.replace(/"/g, "'"));
  });

  it('regenerating replaces the old subjects and everything below them', async () => {
    const client = await author('regen@example.com');
    const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
    const first = (await client.post(`/${course}/generate_subjects`)).body as { id: string }[];
    await client.post(`/${course}/subjects/${first[0]?.id}/generate_chapters`);
    const second = await client.post(`/${course}/generate_subjects`);
    expect(second.status).toBe(200);
    const listed = (await client.get(`/${course}/subjects`)).body as { id: string }[];
    expect(listed.map((s) => s.id)).toEqual(second.body.map((s: { id: string }) => s.id));
    expect(listed.some((s) => first.some((old) => old.id === s.id))).toBe(false);
    const paths = pathsOf(await snapshotDatabase());
    expect(paths.filter((path) => path.includes('/chapters/'))).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);
    expect(promptOf((await geminiRequests())[2])).toContain('replaces them');
  });

  it.each([
    [{ status: 400 }, 400, AI_MESSAGES.keyRejected],
    [{ status: 429 }, 429, AI_MESSAGES.quotaExhausted],
    [{ status: 500 }, 502, AI_MESSAGES.unavailable],
  ])(
    'a Gemini fault %j changes nothing stored and says what happened',
    async (fault, status, message) => {
      const client = await author(`fault-${status}@example.com`);
      const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
      await client.post(`/${course}/generate_subjects`);
      const before = await snapshotDatabase();
      await resetFake();
      await queueFaults(fault);
      const failed = await client.post(`/${course}/generate_subjects`);
      expect([failed.status, failed.body.error]).toEqual([status, message]);
      expect(await expectOnlyCallsCounted(before)).toBe(1);
    },
  );

  it('an answer that does not fit the schema twice changes nothing stored', async () => {
    const client = await author('malformed@example.com');
    const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
    const before = await snapshotDatabase();
    await queueFaults({ malformed: true }, { empty: true });
    const failed = await client.post(`/${course}/generate_subjects`);
    expect([failed.status, failed.body.error]).toEqual([502, AI_MESSAGES.invalidAnswer]);
    expect(await expectOnlyCallsCounted(before)).toBe(2);
    expect((await client.get(`/${course}`)).body.has_subjects).toBe(false);
  });

  it('every Gemini fault leaves existing chapters and topics exactly as they were', async () => {
    const client = await author('faults@example.com');
    const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
    const subject = (await client.post(`/${course}/subjects`, { name: 'Shapes' })).body.id;
    const chapters = `/${course}/subjects/${subject}`;
    const chapter = (await client.post(`${chapters}/chapters`, { name: 'Triangles' })).body.id;
    await client.post(`${chapters}/chapters/${chapter}/topics`, { name: 'Pythagoras' });
    const before = await snapshotDatabase();
    await resetFake();
    const cases = [
      { faults: [{ status: 400 }], expected: [400, AI_MESSAGES.keyRejected] },
      { faults: [{ status: 429 }], expected: [429, AI_MESSAGES.quotaExhausted] },
      { faults: [{ status: 500 }], expected: [502, AI_MESSAGES.unavailable] },
      {
        faults: [{ malformed: true }, { malformed: true }],
        expected: [502, AI_MESSAGES.invalidAnswer],
      },
      { faults: [{ empty: true }, { empty: true }], expected: [502, AI_MESSAGES.invalidAnswer] },
    ];
    for (const { faults, expected } of cases) {
      for (const path of [
        `${chapters}/generate_chapters`,
        `${chapters}/chapters/${chapter}/generate_topics`,
      ]) {
        await queueFaults(...faults);
        const failed = await client.post(path);
        expect([failed.status, failed.body.error]).toEqual(expected);
      }
    }
    expect(await expectOnlyCallsCounted(before)).toBe(14);
  });

  it('a second identical request while one runs is refused, and the lock is freed after', async () => {
    const client = await author('double@example.com');
    const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
    await queueFaults({ delayMs: 1500 });
    const first = client.post(`/${course}/generate_subjects`).then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await client.post(`/${course}/generate_subjects`);
    expect([second.status, second.body.error]).toEqual([409, GENERATION_BUSY]);
    expect((await first).status).toBe(200);
    expect(await geminiRequests()).toHaveLength(1);
    expect((await client.post(`/${course}/generate_subjects`)).status).toBe(200);
  });

  it('runs at most the per-user number of AI requests at once', async () => {
    const limitedApp = createApp({ aiRequestsPerUser: () => 2 });
    const client = await author('busy@example.com', { api: limitedApp });
    const courses: string[] = [];
    for (const name of ['Algebra', 'Botany', 'Chemistry']) {
      courses.push((await client.post('/create-manual', { name })).body.id as string);
    }
    await fakeSettings({ replyDelayMs: 1500 });
    const running = courses
      .slice(0, 2)
      .map((course) => client.post(`/${course}/generate_subjects`).then((response) => response));
    await new Promise((resolve) => setTimeout(resolve, 700));
    const third = await client.post(`/${courses[2]}/generate_subjects`);
    expect([third.status, third.body.error]).toEqual([429, TOO_MANY_AI_REQUESTS]);
    expect((await Promise.all(running)).map((response) => response.status)).toEqual([200, 200]);
    await fakeSettings({ replyDelayMs: 0 });
    expect((await client.post(`/${courses[2]}/generate_subjects`)).status).toBe(200);
  });

  it('answers 404 for another user’s course, subject or chapter, asking Gemini nothing', async () => {
    const owner = await author('owner-ai@example.com');
    const course = (await owner.post('/create-manual', { name: 'Geometry' })).body.id as string;
    const subject = ((await owner.post(`/${course}/generate_subjects`)).body as { id: string }[])[0]
      ?.id;
    const chapter = (
      (await owner.post(`/${course}/subjects/${subject}/generate_chapters`)).body as {
        id: string;
      }[]
    )[0]?.id;
    await resetFake();
    const intruder = await author('intruder-ai@example.com');
    for (const path of [
      `/${course}/generate_subjects`,
      `/${course}/subjects/${subject}/generate_chapters`,
      `/${course}/subjects/${subject}/chapters/${chapter}/generate_topics`,
    ]) {
      expect((await intruder.post(path)).status).toBe(404);
    }
    expect(await geminiRequests()).toHaveLength(0);
  });

  describe('generate_content', () => {
    /** A course with one subject, chapter and topic, made by hand; returns the topic's path. */
    async function topicOf(client: Awaited<ReturnType<typeof author>>) {
      const course = (await client.post('/create-manual', { name: 'Geometry' })).body.id as string;
      const s = `/${course}/subjects/${(await client.post(`/${course}/subjects`, { name: 'Shapes' })).body.id}`;
      const ch = `${s}/chapters/${(await client.post(`${s}/chapters`, { name: 'Triangles' })).body.id}`;
      const t = `${ch}/topics/${(await client.post(`${ch}/topics`, { name: 'Pythagoras' })).body.id}`;
      return { chapter: ch, topic: t };
    }

    /** The server-sent events of a response body, in order. */
    function eventsOf(text: string): { event: string; data: Record<string, unknown> }[] {
      return text
        .split('\n\n')
        .filter((block) => block.trim())
        .map((block) => {
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
          const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}');
          return { event, data };
        });
    }

    it('answers JSON by default and stores the cleaned lesson', async () => {
      const client = await author('lesson-json@example.com');
      const { chapter, topic } = await topicOf(client);
      const generated = await client.post(`${topic}/generate_content`);
      expect(generated.status).toBe(200);
      expect(generated.body.content).toMatch(/^## Pythagoras/);
      expect(generated.body.content).toContain('```mermaid');
      expect((await client.get(`${topic}/content`)).body).toBe(generated.body.content);
      expect((await client.get(`${chapter}/topics`)).body[0].has_content).toBe(true);
      expect(promptOf((await geminiRequests())[0])).toContain('"Pythagoras"');
    });

    it('streams chunks as server-sent events, then stores the lesson and says done', async () => {
      const client = await author('lesson-sse@example.com');
      const { topic } = await topicOf(client);
      const response = await streamedPost(client, `${topic}/generate_content`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      const events = eventsOf(response.body as string);
      const chunks = events.filter((e) => e.event === 'chunk').map((e) => e.data.text);
      expect(chunks.length).toBeGreaterThan(1);
      const done = events.at(-1);
      expect(done?.event).toBe('done');
      expect(done?.data.content).toBe(chunks.join('').trim());
      expect((await client.get(`${topic}/content`)).body).toBe(done?.data.content);
    });

    it('a failed stream sends an error event and stores nothing', async () => {
      const client = await author('lesson-fault@example.com');
      const { chapter, topic } = await topicOf(client);
      await queueFaults({ status: 429 });
      const response = await streamedPost(client, `${topic}/generate_content`);
      const events = eventsOf(response.body as string);
      expect(events.at(-1)).toEqual({
        event: 'error',
        data: { status: 429, error: AI_MESSAGES.quotaExhausted, code: 'GEMINI_UNAVAILABLE' },
      });
      expect((await client.get(`${topic}/content`)).status).toBe(404);
      expect((await client.get(`${chapter}/topics`)).body[0].has_content).toBe(false);
    });

    it('an empty answer keeps the existing lesson', async () => {
      const client = await author('lesson-empty@example.com');
      const { topic } = await topicOf(client);
      await client.post(`${topic}/content`, { content: '## Mine' });
      await queueFaults({ empty: true });
      const failed = await client.post(`${topic}/generate_content`);
      expect([failed.status, failed.body.error]).toEqual([502, AI_MESSAGES.invalidAnswer]);
      expect((await client.get(`${topic}/content`)).body).toBe('## Mine');
    });

    it('needs a key and an owned topic', async () => {
      const owner = await author('lesson-owner@example.com');
      const { topic } = await topicOf(owner);
      const keyless = await author('lesson-keyless@example.com', { withKey: false });
      expect((await keyless.post(`${topic}/generate_content`)).status).toBe(404);
      const ownTopic = (await topicOf(keyless)).topic;
      const refused = await keyless.post(`${ownTopic}/generate_content`);
      expect([refused.status, refused.body.error]).toEqual([403, AI_MESSAGES.noApiKey]);
      expect(await geminiRequests()).toHaveLength(0);
    });
  });
});
