import { createHash, randomBytes } from 'node:crypto';
import { DIAGRAM_MESSAGES, diagramKeysSchema } from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firestore/db';
import { diagramRepository } from '../../functions/src/modules/diagrams/diagram-repository';
import { app, author } from './support/ai';
import { orphanedDocuments } from './support/database';
import { resetEmulators } from './support/emulators';

type Client = Awaited<ReturnType<typeof author>>;

const FLOW = 'graph LR\n  A[Start] --> B[End]';
const SEQUENCE = 'sequenceDiagram\n  Alice->>Bob: Hello';
const LESSON = `## Two diagrams\n\n\`\`\`mermaid\n${FLOW}\n\`\`\`\n\nText.\n\n\`\`\`mermaid\n  ${SEQUENCE}\n\`\`\`\n`;

/** The contract's key, computed here without the renderer: hex SHA-256 of the trimmed source. */
const keyOf = (source: string) => createHash('sha256').update(source.trim()).digest('hex');

const svg = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40"><g><rect width="100" height="40"></rect><text x="5" y="20">${label}</text></g></svg>`;

const put = (client: Client, path: string, body: object) =>
  request(app).put(`/api/courses${path}`).set(client.auth).send(body);

/** A course with one topic whose lesson holds LESSON; answers its API paths. */
async function courseWithLesson(client: Client, name = 'Diagrams') {
  const course = (await client.post('/create-manual', { name })).body.id as string;
  const subject = (await client.post(`/${course}/subjects`, { name: 'S' })).body.id as string;
  const s = `/${course}/subjects/${subject}`;
  const chapter = (await client.post(`${s}/chapters`, { name: 'C' })).body.id as string;
  const ch = `${s}/chapters/${chapter}`;
  const topic = (await client.post(`${ch}/topics`, { name: 'T' })).body.id as string;
  await client.post(`${ch}/topics/${topic}/content`, { content: LESSON }).expect(201);
  return { courseId: course, course: `/${course}`, topic: `${ch}/topics/${topic}`, topicId: topic };
}

/** Every stored drawing document, by id. */
async function storedDrawings(): Promise<Map<string, Record<string, unknown>>> {
  const found = await db().collection('diagram_drawings').get();
  return new Map(found.docs.map((doc) => [doc.id, doc.data()]));
}

async function keysOf(client: Client, course: string): Promise<string[]> {
  const response = await client.get(`${course}/diagrams`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return diagramKeysSchema.parse(response.body).keys;
}

describe('diagram drawings', () => {
  beforeEach(async () => {
    await resetEmulators();
  });

  it('stores the drawings of a lesson by key and lists their keys', async () => {
    const client = await author('draw@example.com', { withKey: false });
    const { courseId, course, topic } = await courseWithLesson(client);
    expect(await keysOf(client, course)).toEqual([]);

    const drawings = [FLOW, SEQUENCE].map((source) => ({
      key: keyOf(source),
      light: svg(`light ${source.slice(0, 5)}`),
      dark: svg(`dark ${source.slice(0, 5)}`),
    }));
    const stored = await put(client, `${topic}/diagrams`, { drawings });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const expected = drawings.map(({ key }) => key).sort();
    expect(stored.body).toEqual({ keys: expected });
    expect(await keysOf(client, course)).toEqual(expected);

    const documents = await storedDrawings();
    const flow = documents.get(`${courseId}_${keyOf(FLOW)}`);
    expect(flow).toMatchObject({
      course_id: courseId,
      key: keyOf(FLOW),
      light: svg('light graph'),
      dark: svg('dark graph'),
    });
    expect(flow?.updated_at).toBeDefined();

    // The port publishing reads them through: one getAll, unknown keys simply absent.
    const found = await diagramRepository().drawingsOf({ courseId }, [
      keyOf(FLOW),
      keyOf('graph TD; X-->Y'),
    ]);
    expect([...found.keys()]).toEqual([keyOf(FLOW)]);
    expect(found.get(keyOf(FLOW))).toEqual({ light: svg('light graph'), dark: svg('dark graph') });
  });

  it('answers 404 for a foreign course or a topic of another course, storing nothing', async () => {
    const owner = await author('owner@example.com', { withKey: false });
    const stranger = await author('stranger@example.com', { withKey: false });
    const mine = await courseWithLesson(owner);
    const theirs = await courseWithLesson(stranger, 'Theirs');
    const drawings = [{ key: keyOf(FLOW), light: svg('l'), dark: svg('d') }];

    expect((await stranger.get(`${mine.course}/diagrams`)).status).toBe(404);
    const foreign = await put(stranger, `${mine.topic}/diagrams`, { drawings });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
    // The owner's course path with the stranger's topic id.
    const mixed = mine.topic.replace(mine.topicId, theirs.topicId);
    const wrongTopic = await put(owner, `${mixed}/diagrams`, { drawings });
    expect([wrongTopic.status, wrongTopic.body.error]).toEqual([404, 'Topic not found']);
    expect(await storedDrawings()).toEqual(new Map());
  });

  it('refuses a key that is not a diagram of the lesson, and stores none of the request', async () => {
    const client = await author('unknown@example.com', { withKey: false });
    const { course, topic } = await courseWithLesson(client);
    const stranger = randomBytes(32).toString('hex');
    const response = await put(client, `${topic}/diagrams`, {
      drawings: [
        { key: keyOf(FLOW), light: svg('l'), dark: svg('d') },
        { key: stranger, light: svg('l'), dark: svg('d') },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: DIAGRAM_MESSAGES.notInLesson,
      code: 'VALIDATION',
      details: { keys: [stranger] },
    });
    expect(await keysOf(client, course)).toEqual([]);

    const badKey = await put(client, `${topic}/diagrams`, {
      drawings: [{ key: 'A'.repeat(64), light: svg('l'), dark: svg('d') }],
    });
    expect([badKey.status, badKey.body.code]).toEqual([400, 'VALIDATION']);
    const notSvg = await put(client, `${topic}/diagrams`, {
      drawings: [{ key: keyOf(FLOW), light: '<div>no</div>', dark: svg('d') }],
    });
    expect([notSvg.status, notSvg.body.error]).toEqual([400, DIAGRAM_MESSAGES.notSvg]);
    expect(await storedDrawings()).toEqual(new Map());
  });

  it('stores a malicious drawing without any of what runs or loads', async () => {
    const client = await author('evil@example.com', { withKey: false });
    const { courseId, topic } = await courseWithLesson(client);
    const evil = [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" viewBox="0 0 10 10">',
      '<script>alert(2)</script>',
      '<style>@import url(http://evil.test/x.css); .n{fill:url(http://evil.test/p.png)} .k{fill:red}</style>',
      '<foreignObject><div>html</div></foreignObject>',
      '<a href="javascript:alert(3)"><rect width="5" height="5"/></a>',
      '<image href="http://evil.test/i.png"/>',
      '<g onclick="alert(4)"><text>kept</text></g>',
      '</svg>',
    ].join('');
    const response = await put(client, `${topic}/diagrams`, {
      drawings: [{ key: keyOf(FLOW), light: evil, dark: evil }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const stored = (await storedDrawings()).get(`${courseId}_${keyOf(FLOW)}`);
    for (const variant of [stored?.light, stored?.dark]) {
      expect(typeof variant).toBe('string');
      const text = String(variant);
      expect(text).toContain('<text>kept</text>');
      expect(text).toContain('<rect width="5" height="5">');
      expect(text).toContain('.k{fill:red}');
      for (const gone of [
        '<script',
        'alert',
        'onload',
        'onclick',
        'foreignObject',
        'javascript:',
        '<image',
        'evil.test',
        '@import',
      ]) {
        expect(text, gone).not.toContain(gone);
      }
    }
  });

  it('deletes the drawings with their course, leaving no orphan', async () => {
    const client = await author('gone@example.com', { withKey: false });
    const kept = await courseWithLesson(client, 'Kept');
    const deleted = await courseWithLesson(client, 'Deleted');
    for (const { topic } of [kept, deleted]) {
      await put(client, `${topic}/diagrams`, {
        drawings: [{ key: keyOf(FLOW), light: svg('l'), dark: svg('d') }],
      }).expect(200);
    }
    await client.delete(deleted.course).expect(204);

    expect([...(await storedDrawings()).keys()]).toEqual([`${kept.courseId}_${keyOf(FLOW)}`]);
    expect(await orphanedDocuments()).toEqual([]);
  });
});
