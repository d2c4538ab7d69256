import {
  LESSON_HISTORY_KEPT,
  LESSON_HISTORY_MESSAGES,
  lessonVersionListSchema,
  lessonVersionSchema,
  type LessonVersionSummary,
} from '@coursecraft/contracts';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firestore/db';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import { app, author, queueFaults, resetFake, streamedPost } from './support/ai';
import { expectOnlyCallsCounted } from './support/budget';
import { orphanedDocuments, pathsOf, snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';

type Client = Awaited<ReturnType<typeof author>>;

/**
 * A lesson that must come back unchanged: non-Latin text, an emoji sequence, combining marks,
 * CRLF and lone CR line ends, trailing spaces (a markdown line break), a tab, a no-break space,
 * display and inline math with backslashes, and a diagram.
 */
const TRICKY =
  '## Ωμέγα — 数学 👩‍👩‍👧‍👦\r\n\r\nLine with two trailing spaces  \r\nnext line\ttab\u00a0nbsp ' +
  'e\u0301 cafe\u0301\r\rOld Mac line\n\n$$\\int_0^1 x^2\\,dx = \\tfrac{1}{3}$$\n\n' +
  'Inline $\\sqrt{a^2 + b^2}$ and \\$5.\n\n```mermaid\ngraph LR; A-->B\n```\n\n> quote  ';
const TRICKY_STORED = TRICKY.trimEnd();

/** A client's `PUT`, which the AI helpers do not have. */
const put = (client: Client, path: string, body: object) =>
  request(app).put(`/api/courses${path}`).set(client.auth).send(body);

/** A course with one subject, two chapters and a topic in the first; answers their API paths. */
async function outline(client: Client) {
  const course = (await client.post('/create-manual', { name: 'History' })).body.id as string;
  const subject = (await client.post(`/${course}/subjects`, { name: 'Ages' })).body.id as string;
  const s = `/${course}/subjects/${subject}`;
  const first = (await client.post(`${s}/chapters`, { name: 'Stone' })).body.id as string;
  const second = (await client.post(`${s}/chapters`, { name: 'Bronze' })).body.id as string;
  const ch = `${s}/chapters/${first}`;
  const topic = (await client.post(`${ch}/topics`, { name: 'Tools' })).body.id as string;
  return {
    course: `/${course}`,
    subject: s,
    chapter: ch,
    otherChapter: `${s}/chapters/${second}`,
    otherChapterId: second,
    topic: `${ch}/topics/${topic}`,
    topicId: topic,
  };
}

async function versionsOf(client: Client, topic: string): Promise<LessonVersionSummary[]> {
  const response = await client.get(`${topic}/content/versions`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return lessonVersionListSchema.parse(response.body);
}

async function versionOf(client: Client, topic: string, id: string) {
  const response = await client.get(`${topic}/content/versions/${id}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return lessonVersionSchema.parse(response.body);
}

async function restore(client: Client, topic: string, id: string): Promise<string> {
  const response = await client.post(`${topic}/content/versions/${id}/restore`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { content: string }).content;
}

async function lessonOf(client: Client, topic: string): Promise<string | null> {
  const response = await client.get(`${topic}/content`);
  return response.status === 404 ? null : (response.body as string);
}

/** The stored paths of every version document of a topic (by its API path). */
async function storedVersions(topic: string): Promise<string[]> {
  const prefix = `courses${topic}/history/`;
  return pathsOf(await snapshotDatabase()).filter((path) => path.startsWith(prefix));
}

/** Every document stored at or below an API path. */
async function storedUnder(apiPath: string): Promise<string[]> {
  const node = `courses${apiPath}`;
  return pathsOf(await snapshotDatabase()).filter(
    (path) => path === node || path.startsWith(`${node}/`),
  );
}

const padded = (n: number) => String(n).padStart(10, '0');

describe('lesson history', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  it('records a version for every write with its source: edit, generate, regenerate, restore', async () => {
    const client = await author('versions@example.com');
    const { topic } = await outline(client);
    expect(await versionsOf(client, topic)).toEqual([]);

    await client.post(`${topic}/content`, { content: '## First by hand' }).expect(201);
    await put(client, `${topic}/content`, { content: '## Second by hand' }).expect(200);
    const generated = await client.post(`${topic}/generate_content`).expect(200);
    const streamed = await streamedPost(client, `${topic}/generate_content`);
    expect(streamed.status).toBe(200);
    const regenerated = (await lessonOf(client, topic)) ?? '';

    const versions = await versionsOf(client, topic);
    expect(versions.map(({ id, source, current }) => ({ id, source, current }))).toEqual([
      { id: padded(4), source: 'generated', current: true },
      { id: padded(3), source: 'generated', current: false },
      { id: padded(2), source: 'edited', current: false },
      { id: padded(1), source: 'edited', current: false },
    ]);
    const times = versions.map((version) => Date.parse(version.created_at));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(versions.map((version) => version.characters)).toEqual(
      [regenerated, generated.body.content as string, '## Second by hand', '## First by hand'].map(
        (text) => text.length,
      ),
    );
    expect(versions.some((version) => 'markdown' in version)).toBe(false);

    expect(await versionOf(client, topic, padded(1))).toEqual({
      id: padded(1),
      source: 'edited',
      created_at: versions[3]?.created_at,
      markdown: '## First by hand',
    });
    expect((await versionOf(client, topic, padded(3))).markdown).toBe(generated.body.content);
    expect((await versionOf(client, topic, padded(4))).markdown).toBe(regenerated);

    expect(await restore(client, topic, padded(2))).toBe('## Second by hand');
    expect(await lessonOf(client, topic)).toBe('## Second by hand');
    const after = await versionsOf(client, topic);
    expect(after.map(({ id, source, current }) => ({ id, source, current }))).toEqual([
      { id: padded(5), source: 'restored', current: true },
      { id: padded(4), source: 'generated', current: false },
      { id: padded(3), source: 'generated', current: false },
      { id: padded(2), source: 'edited', current: false },
      { id: padded(1), source: 'edited', current: false },
    ]);
    expect((await versionOf(client, topic, padded(5))).markdown).toBe('## Second by hand');
  });

  it('restore reproduces the old markdown byte for byte', async () => {
    const client = await author('bytes@example.com');
    const { topic } = await outline(client);
    const written = await put(client, `${topic}/content`, { content: TRICKY });
    expect(written.body).toEqual({ content: TRICKY_STORED });
    await put(client, `${topic}/content`, { content: '## Something else' }).expect(200);

    const old = await versionOf(client, topic, padded(1));
    expect(Buffer.from(old.markdown, 'utf8').equals(Buffer.from(TRICKY_STORED, 'utf8'))).toBe(true);
    expect(await restore(client, topic, padded(1))).toBe(TRICKY_STORED);
    const lesson = (await lessonOf(client, topic)) ?? '';
    expect(Buffer.from(lesson, 'utf8').equals(Buffer.from(TRICKY_STORED, 'utf8'))).toBe(true);
    expect(lesson).toContain('\r\n');
    expect(lesson).toContain('  \r\n');
    const stored = await db().doc(`courses${topic}/content/markdown`).get();
    expect(stored.get('markdown')).toBe(TRICKY_STORED);
    expect((await versionOf(client, topic, padded(3))).markdown).toBe(TRICKY_STORED);
  });

  it(`keeps exactly the last ${LESSON_HISTORY_KEPT} versions (at least 20) after more writes`, async () => {
    const client = await author('window@example.com');
    const { topic } = await outline(client);
    const writes = LESSON_HISTORY_KEPT + 5;
    for (let n = 1; n <= writes; n += 1) {
      await put(client, `${topic}/content`, { content: `## Draft ${n}` }).expect(200);
    }
    const versions = await versionsOf(client, topic);
    expect(LESSON_HISTORY_KEPT).toBeGreaterThanOrEqual(20);
    expect(versions).toHaveLength(LESSON_HISTORY_KEPT);
    expect(versions.map((version) => version.id)).toEqual(
      Array.from({ length: LESSON_HISTORY_KEPT }, (_, i) => padded(writes - i)),
    );
    expect(await storedVersions(topic)).toHaveLength(LESSON_HISTORY_KEPT);
    const oldest = writes - LESSON_HISTORY_KEPT + 1;
    expect((await versionOf(client, topic, padded(oldest))).markdown).toBe(`## Draft ${oldest}`);
    const gone = await client.get(`${topic}/content/versions/${padded(oldest - 1)}`);
    expect([gone.status, gone.body.error]).toEqual([404, LESSON_HISTORY_MESSAGES.notFound]);
    expect(await restore(client, topic, padded(oldest))).toBe(`## Draft ${oldest}`);
    expect(await storedVersions(topic)).toHaveLength(LESSON_HISTORY_KEPT);
  }, 60_000);

  it('a lesson stored before the history keeps its text as version 1', async () => {
    const client = await author('before@example.com');
    const { chapter, topic } = await outline(client);
    const second = (await client.post(`${chapter}/topics`, { name: 'Fire' })).body.id as string;
    const other = `${chapter}/topics/${second}`;
    const writtenAt = Timestamp.fromDate(new Date('2024-03-01T10:00:00.000Z'));
    for (const path of [topic, other]) {
      await db()
        .doc(`courses${path}/content/markdown`)
        .set({ markdown: `Old ${TRICKY_STORED}`, updated_at: writtenAt });
      await db().doc(`courses${path}`).update({ has_content: true });
    }
    expect(await versionsOf(client, topic)).toEqual([]);

    await put(client, `${topic}/content`, { content: '## New' }).expect(200);
    const versions = await versionsOf(client, topic);
    expect(versions.map(({ id, source, current }) => ({ id, source, current }))).toEqual([
      { id: padded(2), source: 'edited', current: true },
      { id: padded(1), source: 'edited', current: false },
    ]);
    const old = await versionOf(client, topic, padded(1));
    expect(old).toEqual({
      id: padded(1),
      source: 'edited',
      created_at: '2024-03-01T10:00:00.000Z',
      markdown: `Old ${TRICKY_STORED}`,
    });
    expect(await restore(client, topic, padded(1))).toBe(`Old ${TRICKY_STORED}`);
    expect(await lessonOf(client, topic)).toBe(`Old ${TRICKY_STORED}`);

    // Deleting such a lesson keeps it too, so it can be restored.
    await client.delete(`${other}/content`).expect(204);
    expect(await versionsOf(client, other)).toMatchObject([
      { id: padded(1), source: 'edited', current: false },
    ]);
    expect(await restore(client, other, padded(1))).toBe(`Old ${TRICKY_STORED}`);
    expect(await versionsOf(client, other)).toMatchObject([
      { id: padded(2), source: 'restored', current: true },
      { id: padded(1), source: 'edited', current: false },
    ]);
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('deleting a lesson keeps its history, and a restore brings it back', async () => {
    const client = await author('undelete@example.com');
    const { chapter, topic, topicId } = await outline(client);
    await client.post(`${topic}/content`, { content: '## Kept' }).expect(201);
    await put(client, `${topic}/content`, { content: '## Kept, edited' }).expect(200);
    await client.delete(`${topic}/content`).expect(204);

    expect(await lessonOf(client, topic)).toBeNull();
    const versions = await versionsOf(client, topic);
    expect(versions.map(({ id, current }) => ({ id, current }))).toEqual([
      { id: padded(2), current: false },
      { id: padded(1), current: false },
    ]);

    expect(await restore(client, topic, padded(2))).toBe('## Kept, edited');
    expect(await lessonOf(client, topic)).toBe('## Kept, edited');
    const listed = (await client.get(`${chapter}/topics`)).body as { id: string }[];
    expect(listed.find((item) => item.id === topicId)).toMatchObject({ has_content: true });
    expect((await versionsOf(client, topic))[0]).toMatchObject({
      id: padded(3),
      source: 'restored',
      current: true,
    });
    // A first lesson written after the delete continues the numbering.
    await client.delete(`${topic}/content`).expect(204);
    await client.post(`${topic}/content`, { content: '## Anew' }).expect(201);
    expect((await versionsOf(client, topic)).map((version) => version.id)).toEqual(
      [4, 3, 2, 1].map(padded),
    );
  });

  it('deleting a topic, its chapter, subject or course, or regenerating topics leaves no version behind', async () => {
    const client = await author('cascade@example.com');
    const paths = await outline(client);
    const withHistory = async (chapter: string, name: string) => {
      const id = (await client.post(`${chapter}/topics`, { name })).body.id as string;
      const topic = `${chapter}/topics/${id}`;
      await client.post(`${topic}/content`, { content: `## ${name}` }).expect(201);
      await put(client, `${topic}/content`, { content: `## ${name}, edited` }).expect(200);
      expect(await storedVersions(topic)).toHaveLength(2);
      return topic;
    };

    const topic = await withHistory(paths.chapter, 'Deleted topic');
    await client.delete(topic).expect(204);
    expect(await storedUnder(topic)).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);

    const replaced = await withHistory(paths.otherChapter, 'Replaced topic');
    await client.post(`${paths.otherChapter}/generate_topics`).expect(200);
    expect(await storedUnder(replaced)).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);

    await withHistory(paths.chapter, 'In a deleted chapter');
    await client.delete(paths.chapter).expect(204);
    expect(await storedUnder(paths.chapter)).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);

    const chapter = (await client.post(`${paths.subject}/chapters`, { name: 'Iron' })).body
      .id as string;
    await withHistory(`${paths.subject}/chapters/${chapter}`, 'In a deleted subject');
    await client.delete(paths.subject).expect(204);
    expect(await storedUnder(paths.subject)).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);

    const again = await outline(client);
    await withHistory(again.chapter, 'In a deleted course');
    await client.delete(again.course).expect(204);
    expect(await storedUnder(again.course)).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('moving a topic to another chapter takes its versions along', async () => {
    const client = await author('mover@example.com');
    const { topic, topicId, otherChapter, otherChapterId } = await outline(client);
    await client.post(`${topic}/content`, { content: TRICKY }).expect(201);
    await client.post(`${topic}/generate_content`).expect(200);
    await put(client, `${topic}/content`, { content: '## Third' }).expect(200);
    const before = await versionsOf(client, topic);
    const markdowns = await Promise.all(
      before.map(async (version) => (await versionOf(client, topic, version.id)).markdown),
    );

    await client.post(`${topic}/move`, { chapter_id: otherChapterId, index: 0 }).expect(200);
    const moved = `${otherChapter}/topics/${topicId}`;
    expect(await versionsOf(client, moved)).toEqual(before);
    for (const [index, version] of before.entries()) {
      expect((await versionOf(client, moved, version.id)).markdown).toBe(markdowns[index]);
    }
    expect((await client.get(`${topic}/content/versions`)).status).toBe(404);
    expect(await storedUnder(topic)).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);

    expect(await restore(client, moved, padded(1))).toBe(TRICKY_STORED);
    expect((await versionsOf(client, moved))[0]).toMatchObject({
      id: padded(4),
      source: 'restored',
    });
  });

  it('a failed generation adds no version and changes nothing stored', async () => {
    const client = await author('failure@example.com');
    const { topic } = await outline(client);
    await client.post(`${topic}/content`, { content: '## Mine' }).expect(201);
    const before = await snapshotDatabase();
    await resetFake();

    await queueFaults({ status: 500 });
    const failed = await client.post(`${topic}/generate_content`);
    expect([failed.status, failed.body.error]).toEqual([502, AI_MESSAGES.unavailable]);
    await queueFaults({ cut: true });
    const cut = await streamedPost(client, `${topic}/generate_content`);
    expect(String(cut.body)).toContain('event: error');

    expect(await expectOnlyCallsCounted(before)).toBe(2);
    expect((await versionsOf(client, topic)).map((version) => version.id)).toEqual([padded(1)]);
  });

  it('answers 404 to other users, for unknown versions and for malformed version ids', async () => {
    const owner = await author('owner@example.com');
    const intruder = await author('intruder@example.com');
    const { topic } = await outline(owner);
    await owner.post(`${topic}/content`, { content: '## Private' }).expect(201);
    await put(owner, `${topic}/content`, { content: '## Private, edited' }).expect(200);
    const before = await snapshotDatabase();

    for (const pending of [
      intruder.get(`${topic}/content/versions`),
      intruder.get(`${topic}/content/versions/${padded(1)}`),
      intruder.post(`${topic}/content/versions/${padded(1)}/restore`),
      intruder.get(`${topic}/content/versions/not-an-id`),
    ]) {
      const response = await pending;
      expect([response.status, response.body]).toEqual([
        404,
        { error: 'Topic not found', code: 'NOT_FOUND' },
      ]);
    }
    for (const id of [padded(3), '1', 'x'.repeat(10), padded(1).replace('1', '-')]) {
      for (const pending of [
        owner.get(`${topic}/content/versions/${id}`),
        owner.post(`${topic}/content/versions/${id}/restore`),
      ]) {
        const response = await pending;
        expect([response.status, response.body]).toEqual([
          404,
          { error: LESSON_HISTORY_MESSAGES.notFound, code: 'NOT_FOUND' },
        ]);
      }
    }
    expect(await snapshotDatabase()).toEqual(before);
    expect(await lessonOf(owner, topic)).toBe('## Private, edited');
  });
});
