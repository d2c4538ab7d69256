import {
  ORDER_MAX_ITEMS,
  ORDER_MESSAGES,
  apiErrorSchema,
  chapterSchema,
  movedTopicSchema,
  subjectSchema,
  topicSchema,
} from '@coursecraft/contracts';
import type { Firestore } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createApp } from '../../functions/src/app';
import { db } from '../../functions/src/lib/firestore/db';
import { outlineRepository } from '../../functions/src/modules/outline';
import { orphanedDocuments, snapshotDatabase } from './support/database';
import { resetEmulators, signUp } from './support/emulators';

const app = createApp();
/** The offline stand-in: commits are not atomic and concurrent transactions not isolated. */
const STANDIN = Boolean(process.env.FIRESTORE_STANDIN);

type Api = ReturnType<typeof createApp>;

/** `/api/courses…` requests as the holder of `token`, against `api`. */
function clientOf(token: string, api: Api = app) {
  const auth = { authorization: `Bearer ${token}` };
  const url = (path: string) => `/api/courses${path}`;
  return {
    token,
    get: (path: string) => request(api).get(url(path)).set(auth),
    post: (path: string, body: object = {}) => request(api).post(url(path)).set(auth).send(body),
    put: (path: string, body: unknown) =>
      request(api).put(url(path)).set(auth).send(JSON.stringify(body)).type('json'),
    delete: (path: string) => request(api).delete(url(path)).set(auth),
  };
}
type Client = ReturnType<typeof clientOf>;

const author = async (email: string) => clientOf((await signUp(email)).idToken);

interface TopicFixture {
  id: string;
  path: string;
  lesson: string | null;
}
interface ChapterFixture {
  id: string;
  path: string;
  topics: TopicFixture[];
}
interface SubjectFixture {
  id: string;
  path: string;
  chapters: ChapterFixture[];
}

/** Math, non-Latin text, an emoji and a diagram: a lesson that must arrive unchanged. */
const lessonOf = (name: string) =>
  `## Topic ${name}\n\nΩ ≈ $\\int_0^1 x^2\\,dx = \\tfrac13$ — 😀\n\n\`\`\`mermaid\ngraph LR; A-->B\n\`\`\``;

/**
 * A course whose subjects have `shape[s][c]` topics in chapter c; every other topic (the 1st,
 * 3rd, …) has a lesson. Names are `s.c.t`, counted from 1.
 */
async function buildCourse(client: Client, shape: number[][]) {
  const id = (await client.post('/create-manual', { name: 'Order' }).expect(201)).body.id as string;
  const path = `/${id}`;
  const subjects: SubjectFixture[] = [];
  for (const [s, chapterSizes] of shape.entries()) {
    const subject = await client.post(`${path}/subjects`, { name: `S${s + 1}` }).expect(201);
    const subjectPath = `${path}/subjects/${subject.body.id as string}`;
    const chapters: ChapterFixture[] = [];
    for (const [c, size] of chapterSizes.entries()) {
      const chapter = await client
        .post(`${subjectPath}/chapters`, { name: `C${c + 1}` })
        .expect(201);
      const chapterPath = `${subjectPath}/chapters/${chapter.body.id as string}`;
      const topics: TopicFixture[] = [];
      for (let t = 0; t < size; t += 1) {
        const name = `${s + 1}.${c + 1}.${t + 1}`;
        const topic = await client.post(`${chapterPath}/topics`, { name }).expect(201);
        const topicPath = `${chapterPath}/topics/${topic.body.id as string}`;
        const lesson = t % 2 === 0 ? lessonOf(name) : null;
        if (lesson) await client.post(`${topicPath}/content`, { content: lesson }).expect(201);
        topics.push({ id: topic.body.id as string, path: topicPath, lesson });
      }
      chapters.push({ id: chapter.body.id as string, path: chapterPath, topics });
    }
    subjects.push({ id: subject.body.id as string, path: subjectPath, chapters });
  }
  return { id, path, subjects };
}

function itemAt<T>(list: T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`No item ${index} in a list of ${list.length}`);
  return item;
}
const first = <T>(list: T[]): T => itemAt(list, 0);

const idsOf = (list: { id: string }[]) => list.map((item) => item.id);
const listedIds = async (client: Client, path: string) => {
  const response = await client.get(path).expect(200);
  return idsOf(z.array(z.object({ id: z.string() })).parse(response.body));
};
/** `ids` with the item at `from` moved to `to`. */
function dragged(ids: string[], from: number, to: number): string[] {
  const next = ids.filter((_, i) => i !== from);
  next.splice(to, 0, itemAt(ids, from));
  return next;
}

/** The database as `path → fields`, from `snapshotDatabase()` lines. */
function documentsOf(lines: string[]): Map<string, Record<string, unknown>> {
  return new Map(
    lines.map((line) => {
      const space = line.indexOf(' ');
      return [line.slice(0, space), JSON.parse(line.slice(space + 1)) as Record<string, unknown>];
    }),
  );
}
/** The raw JSON of one document's fields in a snapshot, for byte-for-byte comparisons. */
function rawFields(lines: string[], path: string): string | undefined {
  const line = lines.find((candidate) => candidate.startsWith(`${path} `));
  return line?.slice(path.length + 1);
}

/** What changed between two snapshots: documents added, removed, and fields changed. */
function changesBetween(before: string[], after: string[]) {
  const old = documentsOf(before);
  const now = documentsOf(after);
  const changed: { path: string; fields: string[] }[] = [];
  for (const [path, fields] of now) {
    const previous = old.get(path);
    if (!previous) continue;
    const names = [...new Set([...Object.keys(previous), ...Object.keys(fields)])];
    const different = names.filter(
      (name) => JSON.stringify(previous[name]) !== JSON.stringify(fields[name]),
    );
    if (different.length > 0) changed.push({ path, fields: different.sort() });
  }
  return {
    added: [...now.keys()].filter((path) => !old.has(path)).sort(),
    removed: [...old.keys()].filter((path) => !now.has(path)).sort(),
    changed,
  };
}

/** A stored path (`courses/…`) from an API path (`/…` below `/api/courses`). */
const stored = (apiPath: string) => `courses${apiPath}`;

async function expectRefused(pending: Promise<request.Response>, status: number, message?: string) {
  const response = await pending;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(apiErrorSchema.safeParse(response.body).success, JSON.stringify(response.body)).toBe(true);
  if (message) expect(response.body.error).toBe(message);
}

/**
 * An app whose ordering transactions run `beforeCommit` once between their reads and their
 * commit: another tab's write lands in between.
 */
function appWithWriteBeforeCommit(beforeCommit: () => Promise<void>): Api {
  const real = db();
  let pending: (() => Promise<void>) | null = beforeCommit;
  const interleaved = new Proxy(real, {
    get(target, property) {
      if (property === 'runTransaction') {
        const run: Firestore['runTransaction'] = (update, options) =>
          target.runTransaction(async (tx) => {
            const result = await update(tx);
            const write = pending;
            pending = null;
            await write?.();
            return result;
          }, options);
        return run;
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return createApp({ outlineRepository: outlineRepository(() => interleaved) });
}

describe('order of subjects, chapters and topics', () => {
  beforeEach(resetEmulators);

  it('reorders each level; the answer and the lists follow the new order', async () => {
    const ada = await author('ada@example.com');
    const course = await buildCourse(ada, [[3, 2, 0], [1], []]);
    const subject = first(course.subjects);
    const chapter = first(subject.chapters);

    const subjectIds = idsOf(course.subjects);
    const subjectOrder = [itemAt(subjectIds, 2), itemAt(subjectIds, 0), itemAt(subjectIds, 1)];
    const subjects = await ada.put(`${course.path}/subjects/order`, { ids: subjectOrder });
    expect(subjects.status).toBe(200);
    expect(idsOf(z.array(subjectSchema).parse(subjects.body))).toEqual(subjectOrder);
    expect((await ada.get(`${course.path}/subjects`)).body).toEqual(subjects.body);

    const chapterOrder = [...idsOf(subject.chapters)].reverse();
    const chapters = await ada.put(`${subject.path}/chapters/order`, { ids: chapterOrder });
    expect(chapters.status).toBe(200);
    expect(idsOf(z.array(chapterSchema).parse(chapters.body))).toEqual(chapterOrder);
    expect((await ada.get(`${subject.path}/chapters`)).body).toEqual(chapters.body);

    const topicOrder = dragged(idsOf(chapter.topics), 2, 0);
    const topics = await ada.put(`${chapter.path}/topics/order`, { ids: topicOrder });
    expect(topics.status).toBe(200);
    expect(idsOf(z.array(topicSchema).parse(topics.body))).toEqual(topicOrder);
    expect((await ada.get(`${chapter.path}/topics`)).body).toEqual(topics.body);
    expect(topics.body.map((topic: { has_content: boolean }) => topic.has_content)).toEqual([
      true,
      true,
      false,
    ]);

    // And back, then a topic created afterwards comes last.
    await ada.put(`${chapter.path}/topics/order`, { ids: idsOf(chapter.topics) }).expect(200);
    expect(await listedIds(ada, `${chapter.path}/topics`)).toEqual(idsOf(chapter.topics));
    await ada.put(`${chapter.path}/topics/order`, { ids: dragged(topicOrder, 0, 2) }).expect(200);
    const late = (await ada.post(`${chapter.path}/topics`, { name: 'Late' }).expect(201)).body.id;
    expect((await listedIds(ada, `${chapter.path}/topics`)).at(-1)).toBe(late);
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('writes one document, its position only, when one item is dragged', async () => {
    const ada = await author('ada@example.com');
    const course = await buildCourse(ada, [[6, 1, 1, 1, 1, 1], [], [], [], [], []]);
    const subject = first(course.subjects);
    const lists = [
      `${course.path}/subjects`,
      `${subject.path}/chapters`,
      `${first(subject.chapters).path}/topics`,
    ];
    for (const list of lists) {
      for (const [from, to] of [
        [4, 1],
        [0, 5],
        [5, 0],
        [2, 3],
      ] as const) {
        const ids = await listedIds(ada, list);
        const order = dragged(ids, from, to);
        const before = await snapshotDatabase();
        await ada.put(`${list}/order`, { ids: order }).expect(200);
        const after = await snapshotDatabase();
        const changes = changesBetween(before, after);
        // Swapping neighbours may rewrite either of them: both are one write.
        const movable = [from, ...(Math.abs(from - to) === 1 ? [to] : [])].map((i) =>
          stored(`${list}/${itemAt(ids, i)}`),
        );
        expect(changes, `${list} ${from} → ${to}`).toEqual({
          added: [],
          removed: [],
          changed: [{ path: expect.any(String), fields: ['position'] }],
        });
        expect(movable).toContain(first(changes.changed).path);
        expect(await listedIds(ada, list)).toEqual(order);
      }
    }
  });

  it('writes nothing for the order the list already has', async () => {
    const ada = await author('ada@example.com');
    const course = await buildCourse(ada, [[3]]);
    const chapter = first(first(course.subjects).chapters);
    const before = await snapshotDatabase();
    await ada.put(`${chapter.path}/topics/order`, { ids: idsOf(chapter.topics) }).expect(200);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it('refuses an order that is not exactly the current items, and changes nothing', async () => {
    const ada = await author('ada@example.com');
    const eve = await author('eve@example.com');
    const course = await buildCourse(ada, [[4, 2], [1]]);
    const evesCourse = await buildCourse(eve, [[1]]);
    const otherCourse = await buildCourse(ada, [[0]]);
    const subject = first(course.subjects);
    const chapter = first(subject.chapters);
    const otherChapter = itemAt(subject.chapters, 1);
    const evesSubject = first(evesCourse.subjects);
    const evesChapter = first(evesSubject.chapters);
    const unknown = 'Z'.repeat(20);
    const levels = [
      {
        list: `${course.path}/subjects`,
        ids: idsOf(course.subjects),
        elsewhere: first(otherCourse.subjects).id,
        foreign: evesSubject.id,
        otherLevel: chapter.id,
      },
      {
        list: `${subject.path}/chapters`,
        ids: idsOf(subject.chapters),
        elsewhere: first(itemAt(course.subjects, 1).chapters).id,
        foreign: evesChapter.id,
        otherLevel: first(chapter.topics).id,
      },
      {
        list: `${chapter.path}/topics`,
        ids: idsOf(chapter.topics),
        elsewhere: first(otherChapter.topics).id,
        foreign: first(evesChapter.topics).id,
        otherLevel: subject.id,
      },
    ];
    const before = await snapshotDatabase();
    for (const { list, ids, elsewhere, foreign, otherLevel } of levels) {
      const [head = '', second = '', ...rest] = ids;
      const mismatches = {
        missing: ids.slice(1),
        extra: [...ids, elsewhere],
        'another list’s item in place of one': [elsewhere, ...ids.slice(1)],
        'another user’s item in place of one': [foreign, ...ids.slice(1)],
        'an unknown id in place of one': [unknown, ...ids.slice(1)],
        'an id of another level in place of one': [otherLevel, ...ids.slice(1)],
        empty: [],
      };
      for (const [what, order] of Object.entries(mismatches)) {
        const pending = ada.put(`${list}/order`, { ids: order });
        await expectRefused(pending, 400, ORDER_MESSAGES.mismatch).catch((error: unknown) => {
          throw new Error(`${list}: ${what}: ${String(error)}`);
        });
      }
      for (const order of [
        [head, head, ...rest],
        [head, second, ...rest, head],
      ]) {
        await expectRefused(
          ada.put(`${list}/order`, { ids: order }),
          400,
          ORDER_MESSAGES.duplicate,
        );
      }
      const tooMany = Array.from({ length: ORDER_MAX_ITEMS + 1 }, (_, i) =>
        `${i}`.padStart(20, 'a'),
      );
      for (const body of [
        {},
        { ids: head },
        { ids: [head.slice(1), ...ids.slice(1)] },
        { ids: [7] },
        { ids: [null] },
        { ids: tooMany },
        [ids],
      ]) {
        await expectRefused(ada.put(`${list}/order`, body), 400);
      }
      expect(await snapshotDatabase(), list).toEqual(before);
    }
  });

  it('answers the courses module’s 404 for unknown, foreign or mismatched path ids, before the body', async () => {
    const ada = await author('ada@example.com');
    const eve = await author('eve@example.com');
    const course = await buildCourse(ada, [[2], [1]]);
    const subject = first(course.subjects);
    const chapter = first(subject.chapters);
    const otherSubject = itemAt(course.subjects, 1);
    const otherChapter = first(otherSubject.chapters);
    const ids = { ids: idsOf(chapter.topics) };
    const before = await snapshotDatabase();
    const cases = [
      [eve.put(`${course.path}/subjects/order`, { ids: idsOf(course.subjects) }), 'Course'],
      [eve.put(`${course.path}/subjects/order`, { ids: 'not a list' }), 'Course'],
      [eve.put(`${subject.path}/chapters/order`, { ids: idsOf(subject.chapters) }), 'Subject'],
      [eve.put(`${chapter.path}/topics/order`, ids), 'Chapter'],
      [eve.put(`${chapter.path}/topics/order`, {}), 'Chapter'],
      [ada.put(`/${'Z'.repeat(20)}/subjects/order`, { ids: [] }), 'Course'],
      [ada.put(`/order/subjects/order`, { ids: [] }), 'Course'],
      [ada.put(`${course.path}/subjects/${chapter.id}/chapters/order`, { ids: [] }), 'Subject'],
      [ada.put(`${subject.path}/chapters/${otherChapter.id}/topics/order`, ids), 'Chapter'],
      [ada.put(`${otherSubject.path}/chapters/${chapter.id}/topics/order`, ids), 'Chapter'],
    ] as const;
    for (const [pending, level] of cases) await expectRefused(pending, 404, `${level} not found`);
    expect(await snapshotDatabase()).toEqual(before);
  });
});

describe('moving a topic to another chapter', () => {
  beforeEach(resetEmulators);

  it('keeps its id, takes its lesson byte for byte and sets both chapters’ has_topics', async () => {
    const ada = await author('ada@example.com');
    // Subject 1: A (3 topics), B (3), C (empty), D (1).
    const course = await buildCourse(ada, [[3, 3, 0, 1], [2]]);
    const [a, b, c, d] = first(course.subjects).chapters;
    if (!a || !b || !c || !d) throw new Error('fixture');
    const topic = first(a.topics);

    const before = await snapshotDatabase();
    const moved = await ada.post(`${topic.path}/move`, { chapter_id: b.id, index: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const answer = movedTopicSchema.parse(moved.body);
    expect(answer).toEqual({
      topic: { id: topic.id, name: '1.1.1', has_content: true },
      from_chapter: { id: a.id, name: 'C1', has_topics: true },
      to_chapter: { id: b.id, name: 'C2', has_topics: true },
    });
    const after = await snapshotDatabase();
    const newPath = `${b.path}/topics/${topic.id}`;
    // The lesson's first version (history/0000000001) moves with it, like the lesson.
    const below = ['content/markdown', 'history/0000000001'];
    expect(changesBetween(before, after)).toEqual({
      added: [newPath, ...below.map((doc) => `${newPath}/${doc}`)].map(stored).sort(),
      removed: [topic.path, ...below.map((doc) => `${topic.path}/${doc}`)].map(stored).sort(),
      changed: [],
    });
    for (const doc of below) {
      expect(rawFields(after, stored(`${newPath}/${doc}`))).toBe(
        rawFields(before, stored(`${topic.path}/${doc}`)),
      );
    }
    const { position: oldPosition, ...oldFields } =
      documentsOf(before).get(stored(topic.path)) ?? {};
    const { position: newPosition, ...newFields } = documentsOf(after).get(stored(newPath)) ?? {};
    expect(newFields).toEqual(oldFields);
    expect(newPosition).not.toEqual(oldPosition);
    expect((await ada.get(`${newPath}/content`)).body).toBe(topic.lesson);
    await expectRefused(ada.get(topic.path), 404, 'Topic not found');
    expect(await listedIds(ada, `${b.path}/topics`)).toEqual(
      dragged([...idsOf(b.topics), topic.id], 3, 1),
    );
    expect(await listedIds(ada, `${a.path}/topics`)).toEqual(idsOf(a.topics).slice(1));

    // First place, last place (an index past the end), the middle.
    const [b1, , b3] = b.topics;
    if (!b1 || !b3) throw new Error('fixture');
    await ada.post(`${b3.path}/move`, { chapter_id: a.id, index: 0 }).expect(200);
    expect((await listedIds(ada, `${a.path}/topics`))[0]).toBe(b3.id);
    await ada.post(`${b1.path}/move`, { chapter_id: a.id, index: 99 }).expect(200);
    expect((await listedIds(ada, `${a.path}/topics`)).at(-1)).toBe(b1.id);
    const [a2, a3] = [itemAt(a.topics, 1), itemAt(a.topics, 2)];
    await ada.post(`${a3.path}/move`, { chapter_id: d.id, index: 1 }).expect(200);
    expect(await listedIds(ada, `${d.path}/topics`)).toEqual([first(d.topics).id, a3.id]);
    expect(await listedIds(ada, `${a.path}/topics`)).toEqual([b3.id, a2.id, b1.id]);

    // Into the empty chapter: its has_topics turns true.
    const intoEmpty = await ada.post(`${a2.path}/move`, { chapter_id: c.id, index: 0 });
    expect(movedTopicSchema.parse(intoEmpty.body).to_chapter).toEqual({
      id: c.id,
      name: 'C3',
      has_topics: true,
    });
    expect((await ada.get(c.path)).body.has_topics).toBe(true);

    // Its last topic leaving: has_topics turns false.
    const a2InC = `${c.path}/topics/${a2.id}`;
    const leaving = await ada.post(`${a2InC}/move`, { chapter_id: b.id, index: 2 });
    expect(movedTopicSchema.parse(leaving.body).from_chapter).toEqual({
      id: c.id,
      name: 'C3',
      has_topics: false,
    });
    expect((await ada.get(c.path)).body.has_topics).toBe(false);
    expect((await listedIds(ada, `${b.path}/topics`))[2]).toBe(a2.id);
    expect((await ada.get(`${b.path}/topics/${a2.id}/content`)).status).toBe(404);
    expect((await ada.get(`${b.path}/topics/${a2.id}`)).body.has_content).toBe(false);
    for (const chapter of [a, b, d])
      expect((await ada.get(chapter.path)).body.has_topics).toBe(true);

    const counts = (lines: string[]) => ({
      topics: lines.filter((line) => /\/topics\/[^/ ]+ /.test(line)).length,
      lessons: lines.filter((line) => line.includes('/content/markdown ')).length,
    });
    expect(counts(await snapshotDatabase())).toEqual(counts(before));
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('within its own chapter only changes its position, and nothing when it is there already', async () => {
    const ada = await author('ada@example.com');
    const course = await buildCourse(ada, [[4]]);
    const chapter = first(first(course.subjects).chapters);
    const topic = first(chapter.topics);

    const before = await snapshotDatabase();
    const moved = await ada.post(`${topic.path}/move`, { chapter_id: chapter.id, index: 2 });
    expect(movedTopicSchema.parse(moved.body)).toMatchObject({
      topic: { id: topic.id },
      from_chapter: { id: chapter.id, has_topics: true },
      to_chapter: { id: chapter.id, has_topics: true },
    });
    expect(changesBetween(before, await snapshotDatabase())).toEqual({
      added: [],
      removed: [],
      changed: [{ path: stored(topic.path), fields: ['position'] }],
    });
    expect(await listedIds(ada, `${chapter.path}/topics`)).toEqual(
      dragged(idsOf(chapter.topics), 0, 2),
    );

    const unchanged = await snapshotDatabase();
    await ada.post(`${topic.path}/move`, { chapter_id: chapter.id, index: 2 }).expect(200);
    expect(await snapshotDatabase()).toEqual(unchanged);
  });

  it('refuses a chapter outside the subject, foreign paths and bad bodies, and changes nothing', async () => {
    const ada = await author('ada@example.com');
    const eve = await author('eve@example.com');
    const course = await buildCourse(ada, [[2, 1], [1]]);
    const evesCourse = await buildCourse(eve, [[1]]);
    const [a, b] = first(course.subjects).chapters;
    if (!a || !b) throw new Error('fixture');
    const topic = first(a.topics);
    const chapterOfAnotherSubject = first(itemAt(course.subjects, 1).chapters);
    const evesChapter = first(first(evesCourse.subjects).chapters);
    const move = (client: Client, path: string, body: unknown) =>
      request(app)
        .post(`/api/courses${path}/move`)
        .set({ authorization: `Bearer ${client.token}` })
        .type('json')
        .send(JSON.stringify(body));

    const before = await snapshotDatabase();
    for (const chapterId of [
      chapterOfAnotherSubject.id,
      evesChapter.id,
      'Z'.repeat(20),
      first(b.topics).id,
      first(course.subjects).id,
      course.id,
    ]) {
      await expectRefused(
        move(ada, topic.path, { chapter_id: chapterId, index: 0 }),
        404,
        'Chapter not found',
      );
    }
    // Like every course route, the 404 names the path's last level whichever id failed.
    await expectRefused(
      move(eve, topic.path, { chapter_id: b.id, index: 0 }),
      404,
      'Topic not found',
    );
    await expectRefused(move(eve, topic.path, { index: 'x' }), 404, 'Topic not found');
    await expectRefused(
      move(ada, `${b.path}/topics/${topic.id}`, { chapter_id: b.id, index: 0 }),
      404,
      'Topic not found',
    );
    await expectRefused(
      move(eve, `${evesChapter.path}/topics/${topic.id}`, { chapter_id: evesChapter.id, index: 0 }),
      404,
      'Topic not found',
    );
    for (const body of [
      {},
      { chapter_id: b.id },
      { chapter_id: 'short', index: 0 },
      { chapter_id: b.id, index: -1 },
      { chapter_id: b.id, index: 1.5 },
      { chapter_id: b.id, index: '1' },
      { chapter_id: b.id, index: ORDER_MAX_ITEMS + 1 },
      [b.id, 0],
    ]) {
      await expectRefused(move(ada, topic.path, body), 400);
    }
    expect(await snapshotDatabase()).toEqual(before);

    await ada.delete(topic.path).expect(204);
    const afterDelete = await snapshotDatabase();
    await expectRefused(
      move(ada, topic.path, { chapter_id: b.id, index: 0 }),
      404,
      'Topic not found',
    );
    expect(await snapshotDatabase()).toEqual(afterDelete);
  });
});

/**
 * Where the stand-in applies a commit's writes one by one, a move whose topic another tab moved
 * between its reads and its commit must fail on its first write. Staged by running the other
 * tab's request inside the transaction, which the official emulator's locks would make wait for
 * the very transaction that waits for it; there transactions are isolated instead, which the
 * concurrency test below checks.
 */
describe.runIf(STANDIN)('a write of another tab between the reads and the commit', () => {
  beforeEach(resetEmulators);

  it('makes a move of the same topic fail before it writes anything: no duplicate', async () => {
    const ada = await author('ada@example.com');
    const course = await buildCourse(ada, [[2, 1, 1]]);
    const [a, b, c] = first(course.subjects).chapters;
    if (!a || !b || !c) throw new Error('fixture');
    const topic = first(a.topics);
    const otherTab = clientOf(ada.token);
    const racing = clientOf(
      ada.token,
      appWithWriteBeforeCommit(async () => {
        await otherTab.post(`${topic.path}/move`, { chapter_id: c.id, index: 0 }).expect(200);
      }),
    );

    const late = await racing.post(`${topic.path}/move`, { chapter_id: b.id, index: 0 });
    expect([404, 409], JSON.stringify(late.body)).toContain(late.status);
    if (late.status === 409) {
      expect(late.body).toEqual({ error: ORDER_MESSAGES.moveFailed, code: 'CONFLICT' });
    }
    const paths = [...documentsOf(await snapshotDatabase()).keys()];
    expect(paths.filter((path) => path.endsWith(`/topics/${topic.id}`))).toEqual([
      stored(`${c.path}/topics/${topic.id}`),
    ]);
    expect(paths.filter((path) => path.includes(`/topics/${topic.id}/content/`))).toEqual([
      stored(`${c.path}/topics/${topic.id}/content/markdown`),
    ]);
    expect(await listedIds(ada, `${b.path}/topics`)).toEqual(idsOf(b.topics));
    expect((await ada.get(b.path)).body.has_topics).toBe(true);
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('makes a reorder whose dragged item was deleted fail, without bringing the item back', async () => {
    const ada = await author('ada@example.com');
    const course = await buildCourse(ada, [[4]]);
    const chapter = first(first(course.subjects).chapters);
    const victim = itemAt(chapter.topics, 3);
    const otherTab = clientOf(ada.token);
    const racing = clientOf(
      ada.token,
      appWithWriteBeforeCommit(async () => {
        await otherTab.delete(victim.path).expect(204);
      }),
    );

    const order = dragged(idsOf(chapter.topics), 3, 0);
    await expectRefused(
      racing.put(`${chapter.path}/topics/order`, { ids: order }),
      400,
      ORDER_MESSAGES.mismatch,
    );
    const paths = [...documentsOf(await snapshotDatabase()).keys()];
    expect(paths.filter((path) => path.includes(victim.id))).toEqual([]);
    expect(await listedIds(ada, `${chapter.path}/topics`)).toEqual(
      idsOf(chapter.topics).slice(0, 3),
    );
  });
});

describe('two tabs at once', () => {
  beforeEach(resetEmulators);

  it('concurrent moves and reorders lose no topic, duplicate none, and leave lessons with their topics', async () => {
    const ada = await author('ada@example.com');
    const course = await buildCourse(ada, [[6, 3, 0, 2]]);
    const subject = first(course.subjects);
    const chapterIds = idsOf(subject.chapters);
    const chapterPath = (id: string) => `${subject.path}/chapters/${id}`;
    const allTopics = subject.chapters.flatMap((chapter) => chapter.topics);
    const lessons = new Map(allTopics.map((topic) => [topic.id, topic.lesson]));
    const statuses: Record<string, number> = {};

    /** Every topic's chapter, read from the whole database. */
    const whereTopicsAre = async () => {
      const found = new Map<string, string[]>();
      for (const path of documentsOf(await snapshotDatabase()).keys()) {
        const match = /\/chapters\/([^/]+)\/topics\/([^/]+)$/.exec(path);
        if (match?.[1] && match[2]) found.set(match[2], [...(found.get(match[2]) ?? []), match[1]]);
      }
      return found;
    };

    const tally = (what: string, response: request.Response) => {
      const key = `${what} ${response.status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    };

    for (let round = 0; round < 4; round += 1) {
      // What both tabs show: each chapter's topics, read before the round.
      const lists = new Map<string, string[]>();
      for (const id of chapterIds) lists.set(id, await listedIds(ada, `${chapterPath(id)}/topics`));
      const [home, shown] = [...lists].find(([, ids]) => ids.length > 1) ?? [];
      if (!home || !shown) throw new Error('no chapter with two topics left');
      const [topic, other] = [first(shown), itemAt(shown, 1)];
      const elsewhere = chapterIds.filter((id) => id !== home);
      const moveTargets = [
        { to: itemAt(elsewhere, 0), index: 0 },
        { to: itemAt(elsewhere, 1), index: 99 },
        { to: itemAt(elsewhere, 2), index: 1 },
        { to: home, index: 3 },
        { to: itemAt(elsewhere, round % 3), index: 1 },
      ];
      const move = (id: string, to: string, index: number) =>
        ada.post(`${chapterPath(home)}/topics/${id}/move`, { chapter_id: to, index });
      const reorder = (chapter: string) =>
        ada.put(`${chapterPath(chapter)}/topics/order`, {
          ids: [...(lists.get(chapter) ?? [])].reverse(),
        });
      const moves = moveTargets.map(({ to, index }) => move(topic, to, index));
      const reorders = [
        reorder(home),
        ...elsewhere.map(reorder),
        ada.put(`${subject.path}/chapters/order`, { ids: [...chapterIds].reverse() }),
      ];
      const otherMove = move(other, itemAt(elsewhere, (round + 1) % 3), 0);
      const answers = await Promise.all([...moves, otherMove, ...reorders]);
      const moveAnswers = answers.slice(0, moves.length + 1);
      const reorderAnswers = answers.slice(moves.length + 1);

      for (const response of moveAnswers) {
        tally('move', response);
        expect([200, 404, 409], JSON.stringify(response.body)).toContain(response.status);
        if (response.status === 404)
          expect(response.body).toEqual({ error: 'Topic not found', code: 'NOT_FOUND' });
        if (response.status === 409) {
          expect(response.body).toEqual({ error: ORDER_MESSAGES.moveFailed, code: 'CONFLICT' });
        }
      }
      for (const response of reorderAnswers) {
        tally('reorder', response);
        expect([200, 400, 409], JSON.stringify(response.body)).toContain(response.status);
        if (response.status === 400)
          expect(response.body).toEqual({ error: ORDER_MESSAGES.mismatch, code: 'VALIDATION' });
        if (response.status === 409) {
          expect(response.body).toEqual({ error: ORDER_MESSAGES.busy, code: 'CONFLICT' });
        }
      }

      // Each topic is stored exactly once, under a chapter of the subject.
      const where = await whereTopicsAre();
      expect([...where.keys()].sort()).toEqual(idsOf(allTopics).sort());
      for (const [id, chapters] of where) {
        expect(chapters, id).toHaveLength(1);
        expect(chapterIds).toContain(first(chapters));
      }
      // At most one move to another chapter succeeded, and the topic is where that one put it.
      const crossed = moveTargets.filter(
        ({ to }, i) => to !== home && moveAnswers[i]?.status === 200,
      );
      expect(crossed.length).toBeLessThanOrEqual(1);
      expect(where.get(topic)).toEqual([crossed[0]?.to ?? home]);

      // The lists show every stored topic once, the same way twice; lessons followed their topics.
      const chapterOf = (topicId: string) => first(where.get(topicId) ?? []);
      const listed: string[] = [];
      for (const id of chapterIds) {
        const ids = await listedIds(ada, `${chapterPath(id)}/topics`);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort()).toEqual(
          idsOf(allTopics)
            .filter((topicId) => chapterOf(topicId) === id)
            .sort(),
        );
        expect(await listedIds(ada, `${chapterPath(id)}/topics`)).toEqual(ids);
        listed.push(...ids);
        for (const topicId of ids) {
          const lesson = await ada.get(`${chapterPath(id)}/topics/${topicId}/content`);
          expect(lesson.status === 200 ? lesson.body : null, topicId).toBe(lessons.get(topicId));
        }
      }
      expect(listed.sort()).toEqual(idsOf(allTopics).sort());
      expect((await listedIds(ada, `${subject.path}/chapters`)).sort()).toEqual(
        [...chapterIds].sort(),
      );
      expect(await orphanedDocuments()).toEqual([]);

      // Checked on the stand-in too: its transactions run one at a time, as Firestore isolates them.
      for (const id of chapterIds) {
        const holdsTopics = idsOf(allTopics).some((topicId) => chapterOf(topicId) === id);
        expect((await ada.get(chapterPath(id)).expect(200)).body.has_topics, id).toBe(holdsTopics);
      }
    }
    console.log(`two tabs: ${JSON.stringify(statuses)}`);
  }, 60_000);
});
