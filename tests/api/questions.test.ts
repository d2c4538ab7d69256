import {
  ORDER_MESSAGES,
  QUESTION_MESSAGES,
  QUESTIONS_PER_TOPIC_MAX,
  topicQuestionsSchema,
  type Question,
  type QuestionInput,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firestore/db';
import { questionsRepository } from '../../functions/src/modules/questions';
import { app, author, resetFake } from './support/ai';
import { orphanedDocuments, snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';
import { inputOf, QUESTION_INPUTS } from './support/questions';

type Client = Awaited<ReturnType<typeof author>>;
const idOf = (response: request.Response) => response.body.id as string;

const put = (client: Client, path: string, body: object) =>
  request(app).put(`/api/courses${path}`).set(client.auth).send(body);

/** Course → subject → two chapters → topics `a`, `b` (first chapter) and `c` (second). */
async function outline(client: Client, name = 'Tides') {
  const courseId = idOf(await client.post('/create-manual', { name }));
  const subjectId = idOf(await client.post(`/${courseId}/subjects`, { name: 'Moon' }));
  const s = `/${courseId}/subjects/${subjectId}`;
  const chapterId = idOf(await client.post(`${s}/chapters`, { name: 'Orbits' }));
  const otherChapterId = idOf(await client.post(`${s}/chapters`, { name: 'Phases' }));
  const ch = `${s}/chapters/${chapterId}`;
  const a = idOf(await client.post(`${ch}/topics`, { name: 'Intro' }));
  const b = idOf(await client.post(`${ch}/topics`, { name: 'Pull' }));
  const c = idOf(await client.post(`${s}/chapters/${otherChapterId}/topics`, { name: 'New' }));
  const topic = (chapter: string, id: string) => `${s}/chapters/${chapter}/topics/${id}`;
  return {
    courseId,
    subjectId,
    chapterId,
    otherChapterId,
    ids: { a, b, c },
    course: `/${courseId}`,
    subject: s,
    chapter: ch,
    topics: { a: topic(chapterId, a), b: topic(chapterId, b), c: topic(otherChapterId, c) },
  };
}

async function listed(client: Client, topic: string): Promise<Question[]> {
  const response = await client.get(`${topic}/questions`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return topicQuestionsSchema.parse(response.body).questions as Question[];
}

async function add(client: Client, topic: string, input: QuestionInput): Promise<Question> {
  const response = await client.post(`${topic}/questions`, input);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Question;
}

/** The stored question documents, by id. */
async function storedQuestions(): Promise<Map<string, Record<string, unknown>>> {
  const found = await db().collection('topic_questions').get();
  return new Map(found.docs.map((doc) => [doc.id, doc.data()]));
}

describe('authors’ questions', () => {
  beforeEach(async () => {
    await resetEmulators();
  });

  it('creates, lists, updates and deletes a question of each type', async () => {
    const client = await author('ada@example.com', { withKey: false });
    const { courseId, ids, topics } = await outline(client);
    expect(await listed(client, topics.a)).toEqual([]);

    const created: Question[] = [];
    for (const input of QUESTION_INPUTS) created.push(await add(client, topics.a, input));
    for (const [index, question] of created.entries()) {
      expect(question.id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(question).toEqual({ ...QUESTION_INPUTS[index], id: question.id, origin: 'author' });
    }
    expect(new Set(created.map((question) => question.id)).size).toBe(QUESTION_INPUTS.length);
    expect(await listed(client, topics.a)).toEqual(created);
    expect(await listed(client, topics.b)).toEqual([]);

    const stored = (await storedQuestions()).get(`${courseId}_${ids.a}`);
    expect(stored).toMatchObject({ course_id: courseId, topic_id: ids.a, questions: created });
    expect(stored?.updated_at).toBeDefined();

    // Every type can be replaced in its place, by another type too.
    const [first, second] = created;
    const replacement = {
      ...inputOf('true_false'),
      text: 'The Sun raises no tide.',
      answer: false,
    };
    const updated = await put(client, `${topics.a}/questions/${second?.id}`, replacement);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toEqual({ ...replacement, id: second?.id, origin: 'author' });
    const afterUpdate = await listed(client, topics.a);
    expect(afterUpdate.map((question) => question.id)).toEqual(created.map((q) => q.id));
    expect(afterUpdate[1]).toEqual(updated.body);

    expect((await client.delete(`${topics.a}/questions/${first?.id}`)).status).toBe(204);
    expect((await listed(client, topics.a)).map((question) => question.id)).toEqual(
      created.slice(1).map((question) => question.id),
    );
    for (const question of created.slice(1)) {
      expect((await client.delete(`${topics.a}/questions/${question.id}`)).status).toBe(204);
    }
    // A topic without questions keeps no document.
    expect(await storedQuestions()).toEqual(new Map());
    expect(await listed(client, topics.a)).toEqual([]);
  });

  it('makes an edited generated question the author’s', async () => {
    const client = await author('gen@example.com', { withKey: false });
    const path = await outline(client);
    const topicPath = {
      courseId: path.courseId,
      subjectId: path.subjectId,
      chapterId: path.chapterId,
      topicId: path.ids.a,
    };
    const generated: Question = {
      ...inputOf('true_false'),
      id: 'G'.repeat(20),
      origin: 'generated',
    };
    await questionsRepository().update(topicPath, () => [generated]);
    expect((await listed(client, path.topics.a))[0]?.origin).toBe('generated');
    const edited = await put(
      client,
      `${path.topics.a}/questions/${generated.id}`,
      inputOf('true_false'),
    );
    expect(edited.status).toBe(200);
    expect((await listed(client, path.topics.a))[0]).toMatchObject({
      id: generated.id,
      origin: 'author',
    });
  });

  it('refuses each unsound or oversized question with a 400, storing nothing', async () => {
    const client = await author('bad@example.com', { withKey: false });
    const { topics } = await outline(client);
    await add(client, topics.a, inputOf('true_false'));
    const existing = (await listed(client, topics.a))[0];

    const single = inputOf('single_choice');
    const multiple = inputOf('multiple_choice');
    const short = inputOf('short_answer');
    const ordering = inputOf('ordering');
    const option = (n: number) => ({
      id: `o${n}`,
      text: `Option ${n}`,
      correct: n === 0,
      feedback: '',
    });
    const cases: [string, object, string][] = [
      [
        'a single choice with two correct options',
        { ...single, options: single.options.map((o) => ({ ...o, correct: true })) },
        QUESTION_MESSAGES.singleNeedsOne,
      ],
      [
        'a multiple choice with no correct option',
        { ...multiple, options: multiple.options.map((o) => ({ ...o, correct: false })) },
        QUESTION_MESSAGES.multipleNeedsOne,
      ],
      [
        'two options with the same text',
        {
          ...multiple,
          options: multiple.options.map((o, i) => (i === 1 ? { ...o, text: ' the  MOON ' } : o)),
        },
        QUESTION_MESSAGES.duplicateOptions,
      ],
      [
        'an ordering with a repeated step',
        { ...ordering, items: [...ordering.items, { id: 'x', text: 'new moon' }] },
        QUESTION_MESSAGES.duplicateItems,
      ],
      [
        'two equal accepted answers',
        { ...short, accepted_answers: ['12.4', '12.4'] },
        QUESTION_MESSAGES.duplicateAnswers,
      ],
      [
        'two options with one id',
        { ...single, options: single.options.map((o) => ({ ...o, id: 'same' })) },
        QUESTION_MESSAGES.duplicateIds,
      ],
      [
        'a tolerance without a numeric answer',
        { ...short, accepted_answers: ['about twelve'] },
        QUESTION_MESSAGES.toleranceNeedsNumber,
      ],
      ['a text of 2,001 characters', { ...single, text: 'x'.repeat(2001) }, 'at most 2000'],
      ['an empty text', { ...single, text: '  ' }, 'Question text is required'],
      [
        'nine options',
        { ...single, options: Array.from({ length: 9 }, (_, i) => option(i)) },
        'options',
      ],
      ['one option', { ...single, options: [option(0)] }, 'options'],
      [
        'eleven accepted answers',
        { ...short, accepted_answers: Array.from({ length: 11 }, (_, i) => String(i)) },
        'accepted_answers',
      ],
      ['an unknown type', { ...single, type: 'essay' }, 'type'],
      ['a key it does not know', { ...single, origin: 'generated' }, 'origin'],
      ['a question id of the client', { ...single, id: 'A'.repeat(20) }, 'id'],
      [
        'an option id that is not an id',
        { ...single, options: [option(0), { ...option(1), id: 'a b' }] },
        'Not an id',
      ],
    ];

    const before = await snapshotDatabase();
    for (const [name, body, message] of cases) {
      for (const response of [
        await client.post(`${topics.a}/questions`, body),
        await put(client, `${topics.a}/questions/${existing?.id}`, body),
      ]) {
        expect(response.status, name).toBe(400);
        expect(response.body.code, name).toBe('VALIDATION');
        expect(response.body.error, name).toContain(message);
      }
    }
    expect(await snapshotDatabase()).toEqual(before);
  });

  it(`refuses question ${QUESTIONS_PER_TOPIC_MAX + 1} of a topic with a 409, storing nothing`, async () => {
    const client = await author('full@example.com', { withKey: false });
    const { topics } = await outline(client);
    for (let i = 0; i < QUESTIONS_PER_TOPIC_MAX; i += 1) {
      await add(client, topics.a, { ...inputOf('true_false'), text: `Statement ${i}` });
    }
    const before = await snapshotDatabase();
    const refused = await client.post(`${topics.a}/questions`, inputOf('single_choice'));
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: QUESTION_MESSAGES.atLimit, code: 'CONFLICT' },
    ]);
    expect(await snapshotDatabase()).toEqual(before);
    expect(await listed(client, topics.a)).toHaveLength(QUESTIONS_PER_TOPIC_MAX);
    // Another topic of the course has its own limit.
    await add(client, topics.b, inputOf('single_choice'));
  });

  it('has the repository refuse a list over the limit and a write on a deleted topic', async () => {
    const client = await author('repo@example.com', { withKey: false });
    const { courseId, subjectId, chapterId, ids, topics } = await outline(client);
    const path = { courseId, subjectId, chapterId, topicId: ids.a };
    const questions = questionsRepository();
    const many = Array.from({ length: QUESTIONS_PER_TOPIC_MAX + 1 }, (_, i) => ({
      ...inputOf('true_false'),
      id: `Q${String(i).padStart(19, '0')}`,
      origin: 'author' as const,
    }));

    const before = await snapshotDatabase();
    await expect(questions.update(path, () => many)).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: QUESTION_MESSAGES.atLimit,
    });
    await expect(questions.update(path, () => many.slice(1))).resolves.toHaveLength(
      QUESTIONS_PER_TOPIC_MAX,
    );
    await client.delete(topics.a).expect(204);
    const afterDelete = await snapshotDatabase();
    expect(await questions.update(path, () => many.slice(1))).toBeNull();
    expect(await snapshotDatabase()).toEqual(afterDelete);
    expect(afterDelete.filter((line) => line.startsWith('topic_questions/'))).toEqual([]);
    expect(before.filter((line) => line.startsWith('topic_questions/'))).toEqual([]);
    // A guard that does not hold writes nothing either.
    const b = { ...path, topicId: ids.b };
    expect(await questions.update(b, () => many.slice(1), { holds: async () => false })).toBeNull();
    expect(await questions.read(b)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed question id', async () => {
    const client = await author('missing@example.com', { withKey: false });
    const { topics } = await outline(client);
    await add(client, topics.a, inputOf('true_false'));
    const before = await snapshotDatabase();
    const notFound = { error: QUESTION_MESSAGES.notFound, code: 'NOT_FOUND' };
    for (const id of ['Z'.repeat(20), 'short', 'not-an-id!!']) {
      const path = `${topics.a}/questions/${encodeURIComponent(id)}`;
      const updated = await put(client, path, inputOf('true_false'));
      expect([updated.status, updated.body], id).toEqual([404, notFound]);
      const deleted = await client.delete(path);
      expect([deleted.status, deleted.body], id).toEqual([404, notFound]);
    }
    expect(await snapshotDatabase()).toEqual(before);
  });

  it('orders the questions, refusing an order that is not exactly the current ids', async () => {
    const client = await author('order@example.com', { withKey: false });
    const { topics } = await outline(client);
    const created: Question[] = [];
    for (const input of QUESTION_INPUTS.slice(0, 3))
      created.push(await add(client, topics.a, input));
    const ids = created.map((question) => question.id);

    const reversed = [...ids].reverse();
    const ordered = await put(client, `${topics.a}/questions/order`, { ids: reversed });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    expect(ordered.body).toEqual({ questions: [...created].reverse() });
    expect(await listed(client, topics.a)).toEqual([...created].reverse());

    const before = await snapshotDatabase();
    const mismatch = { error: ORDER_MESSAGES.mismatch, code: 'VALIDATION' };
    for (const wrong of [
      ids.slice(1),
      [...ids, 'Z'.repeat(20)],
      [...ids.slice(1), 'Z'.repeat(20)],
      [],
    ]) {
      const response = await put(client, `${topics.a}/questions/order`, { ids: wrong });
      expect([response.status, response.body], wrong.join()).toEqual([400, mismatch]);
    }
    const duplicate = await put(client, `${topics.a}/questions/order`, {
      ids: [ids[0], ids[0], ids[1]],
    });
    expect([duplicate.status, duplicate.body]).toEqual([
      400,
      { error: ORDER_MESSAGES.duplicate, code: 'VALIDATION' },
    ]);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it('answers 404 on foreign courses and on a path mixing courses, storing nothing', async () => {
    const owner = await author('owner@example.com', { withKey: false });
    const stranger = await author('stranger@example.com', { withKey: false });
    const mine = await outline(owner);
    const theirs = await outline(stranger, 'Theirs');
    const question = await add(owner, mine.topics.a, inputOf('single_choice'));
    const before = await snapshotDatabase();

    const one = `${mine.topics.a}/questions/${question.id}`;
    const attempts = [
      stranger.get(`${mine.topics.a}/questions`),
      stranger.post(`${mine.topics.a}/questions`, inputOf('true_false')),
      put(stranger, one, inputOf('true_false')),
      put(stranger, `${mine.topics.a}/questions/order`, { ids: [question.id] }),
      stranger.delete(one),
    ];
    for (const response of await Promise.all(attempts)) {
      expect([response.status, response.body]).toEqual([
        404,
        { error: 'Topic not found', code: 'NOT_FOUND' },
      ]);
    }
    // The owner's course with another course's subject, chapter or topic.
    // The owner's course with another course's subject, chapter or topic, or a topic of the
    // course under another chapter: the 404 names the last level, as the lesson routes' do.
    const mixed = [
      mine.topics.a.replace(mine.subjectId, theirs.subjectId),
      mine.topics.a.replace(mine.chapterId, theirs.chapterId),
      mine.topics.a.replace(mine.ids.a, theirs.ids.a),
      mine.topics.a.replace(mine.ids.a, mine.ids.c),
    ];
    for (const path of mixed) {
      for (const response of [
        await owner.get(`${path}/questions`),
        await owner.post(`${path}/questions`, inputOf('true_false')),
        await put(owner, `${path}/questions/${question.id}`, inputOf('true_false')),
        await put(owner, `${path}/questions/order`, { ids: [question.id] }),
        await owner.delete(`${path}/questions/${question.id}`),
      ]) {
        expect([response.status, response.body], path).toEqual([
          404,
          { error: 'Topic not found', code: 'NOT_FOUND' },
        ]);
      }
    }
    expect(await snapshotDatabase()).toEqual(before);
  });
});

describe('questions go with their topics', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  /** An outline whose three topics each hold two questions. */
  async function withQuestions(client: Client) {
    const path = await outline(client);
    for (const topic of Object.values(path.topics)) {
      await add(client, topic, inputOf('single_choice'));
      await add(client, topic, inputOf('short_answer'));
    }
    return path;
  }
  const storedTopics = async () =>
    [...(await storedQuestions()).values()].map((data) => data.topic_id).sort();

  it('deletes a deleted topic’s, chapter’s, subject’s and course’s questions, with no orphans', async () => {
    const client = await author('cascade@example.com', { withKey: false });
    const { ids, topics, chapter, subject, course } = await withQuestions(client);
    const other = await withQuestions(client);
    const others = Object.values(other.ids).sort();

    await client.delete(topics.a).expect(204);
    expect(await storedTopics()).toEqual([ids.b, ids.c, ...others].sort());
    await client.delete(chapter).expect(204);
    expect(await storedTopics()).toEqual([ids.c, ...others].sort());
    await client.delete(subject).expect(204);
    expect(await storedTopics()).toEqual(others);
    expect(await orphanedDocuments()).toEqual([]);

    await client.delete(other.course).expect(204);
    expect(await storedTopics()).toEqual([]);
    await client.delete(course).expect(204);
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('deletes a course whose topics hold questions, with no orphans', async () => {
    const client = await author('course@example.com', { withKey: false });
    const { course } = await withQuestions(client);
    await client.delete(course).expect(204);
    expect(await orphanedDocuments()).toEqual([]);
    expect(await storedQuestions()).toEqual(new Map());
  });

  it('keeps a moved topic’s questions', async () => {
    const client = await author('move@example.com', { withKey: false });
    const path = await withQuestions(client);
    const before = await listed(client, path.topics.a);
    const moved = await client.post(`${path.topics.a}/move`, {
      chapter_id: path.otherChapterId,
      index: 0,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const newPath = path.topics.a.replace(path.chapterId, path.otherChapterId);
    expect(await listed(client, newPath)).toEqual(before);
    expect((await client.get(`${path.topics.a}/questions`)).status).toBe(404);
    await client.delete(path.chapter).expect(204);
    expect(await listed(client, newPath)).toEqual(before);
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('deletes the questions of topics and chapters a regeneration replaces', async () => {
    const client = await author('regen@example.com');
    const { topics, chapter, subject, ids } = await withQuestions(client);
    await client.post(`${chapter}/generate_topics`).expect(200);
    expect(await storedTopics()).toEqual([ids.c]);
    await add(client, topics.c, inputOf('ordering'));
    await client.post(`${subject}/generate_chapters`).expect(200);
    expect(await storedTopics()).toEqual([]);
    expect(await orphanedDocuments()).toEqual([]);
  });
});
