import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  QUIZ_MESSAGES,
  chapterQuizSchema,
  type ChapterQuiz,
  type ChapterQuizSettings,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firestore/db';
import { chapterQuizzesRepository } from '../../functions/src/modules/quizzes';
import { app, author, resetFake } from './support/ai';
import { orphanedDocuments, snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';
import { inputOf } from './support/questions';

type Client = Awaited<ReturnType<typeof author>>;
const idOf = (response: request.Response) => response.body.id as string;

const SETTINGS: ChapterQuizSettings = {
  questions_per_attempt: 5,
  pass_mark: 80,
  attempts: 3,
  shuffle: true,
  show_answers_after: 'each_attempt',
};

const putQuiz = (client: Client, chapter: string, body: unknown) =>
  request(app)
    .put(`/api/courses${chapter}/quiz`)
    .set(client.auth)
    .send(body as object);

async function readQuiz(client: Client, chapter: string): Promise<ChapterQuiz> {
  const response = await client.get(`${chapter}/quiz`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return chapterQuizSchema.parse(response.body);
}

/** Course → two subjects; the first with chapters `one` (topics a, b) and `two` (topic c). */
async function outline(client: Client, name = 'Tides') {
  const courseId = idOf(await client.post('/create-manual', { name }));
  const subjectId = idOf(await client.post(`/${courseId}/subjects`, { name: 'Moon' }));
  const otherSubjectId = idOf(await client.post(`/${courseId}/subjects`, { name: 'Sun' }));
  const s = `/${courseId}/subjects/${subjectId}`;
  const one = idOf(await client.post(`${s}/chapters`, { name: 'Orbits' }));
  const two = idOf(await client.post(`${s}/chapters`, { name: 'Phases' }));
  const three = idOf(
    await client.post(`/${courseId}/subjects/${otherSubjectId}/chapters`, { name: 'Flares' }),
  );
  const chapters = {
    one: `${s}/chapters/${one}`,
    two: `${s}/chapters/${two}`,
    three: `/${courseId}/subjects/${otherSubjectId}/chapters/${three}`,
  };
  const a = idOf(await client.post(`${chapters.one}/topics`, { name: 'Intro' }));
  const b = idOf(await client.post(`${chapters.one}/topics`, { name: 'Pull' }));
  const c = idOf(await client.post(`${chapters.two}/topics`, { name: 'New' }));
  return {
    courseId,
    subjectId,
    ids: { one, two, three, a, b, c },
    course: `/${courseId}`,
    subject: s,
    otherSubject: `/${courseId}/subjects/${otherSubjectId}`,
    chapters,
    topics: {
      a: `${chapters.one}/topics/${a}`,
      b: `${chapters.one}/topics/${b}`,
      c: `${chapters.two}/topics/${c}`,
    },
  };
}

/** The stored chapter_quizzes documents, by id. */
async function storedQuizzes(): Promise<Map<string, Record<string, unknown>>> {
  const found = await db().collection('chapter_quizzes').get();
  return new Map(found.docs.map((doc) => [doc.id, doc.data()]));
}
const storedChapters = async () =>
  [...(await storedQuizzes()).values()].map((data) => data.chapter_id).sort();

describe('chapter quiz settings', () => {
  beforeEach(async () => {
    await resetEmulators();
  });

  it('reads the defaults, stores the settings whole and counts the chapter’s questions', async () => {
    const client = await author('quiz@example.com', { withKey: false });
    const { courseId, ids, chapters, topics } = await outline(client);
    expect(await readQuiz(client, chapters.one)).toEqual({
      settings: DEFAULT_CHAPTER_QUIZ_SETTINGS,
      pool_size: 0,
    });
    expect(await storedQuizzes()).toEqual(new Map());

    // Topic checks and quiz-only questions of both topics count; another chapter's do not.
    for (const [topic, type] of [
      [topics.a, 'single_choice'],
      [topics.a, 'ordering'],
      [topics.b, 'true_false'],
      [topics.c, 'short_answer'],
    ] as const) {
      await client.post(`${topic}/questions`, inputOf(type)).expect(201);
    }

    const saved = await putQuiz(client, chapters.one, SETTINGS);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ settings: SETTINGS, pool_size: 3 });
    expect(await readQuiz(client, chapters.one)).toEqual({ settings: SETTINGS, pool_size: 3 });
    expect(await readQuiz(client, chapters.two)).toEqual({
      settings: DEFAULT_CHAPTER_QUIZ_SETTINGS,
      pool_size: 1,
    });
    const stored = (await storedQuizzes()).get(`${courseId}_${ids.one}`);
    expect(stored).toMatchObject({ course_id: courseId, chapter_id: ids.one, settings: SETTINGS });
    expect(stored?.updated_at).toBeDefined();
    expect(await storedChapters()).toEqual([ids.one]);

    // Unlimited attempts and every question, stored as sent; the repository lists the course.
    const open = { ...SETTINGS, questions_per_attempt: null, attempts: null, pass_mark: 100 };
    expect((await putQuiz(client, chapters.one, open)).body.settings).toEqual(open);
    expect(await chapterQuizzesRepository().listCourse({ courseId })).toEqual(
      new Map([[ids.one, open]]),
    );

    // A topic moved to another chapter takes its questions to that chapter's pool.
    await client.post(`${topics.a}/move`, { chapter_id: ids.two, index: 0 }).expect(200);
    expect((await readQuiz(client, chapters.one)).pool_size).toBe(1);
    expect((await readQuiz(client, chapters.two)).pool_size).toBe(3);
  });

  it('refuses every field out of range or of the wrong type with 400, storing nothing', async () => {
    const client = await author('bad-quiz@example.com', { withKey: false });
    const { chapters } = await outline(client);
    await putQuiz(client, chapters.one, SETTINGS).expect(200);
    const withoutQuestions: Partial<ChapterQuizSettings> = { ...SETTINGS };
    delete withoutQuestions.questions_per_attempt;
    const cases: [string, unknown, Record<string, string>][] = [
      ['pass mark 0', { ...SETTINGS, pass_mark: 0 }, { pass_mark: QUIZ_MESSAGES.passMarkRange }],
      [
        'pass mark 101',
        { ...SETTINGS, pass_mark: 101 },
        { pass_mark: QUIZ_MESSAGES.passMarkRange },
      ],
      [
        'pass mark 70.5',
        { ...SETTINGS, pass_mark: 70.5 },
        { pass_mark: QUIZ_MESSAGES.passMarkRange },
      ],
      [
        'pass mark null',
        { ...SETTINGS, pass_mark: null },
        { pass_mark: QUIZ_MESSAGES.passMarkRange },
      ],
      ['attempts 0', { ...SETTINGS, attempts: 0 }, { attempts: QUIZ_MESSAGES.attemptsRange }],
      ['attempts 11', { ...SETTINGS, attempts: 11 }, { attempts: QUIZ_MESSAGES.attemptsRange }],
      ['attempts "3"', { ...SETTINGS, attempts: '3' }, { attempts: QUIZ_MESSAGES.attemptsRange }],
      [
        'questions 0',
        { ...SETTINGS, questions_per_attempt: 0 },
        { questions_per_attempt: QUIZ_MESSAGES.questionsRange },
      ],
      [
        'questions 101',
        { ...SETTINGS, questions_per_attempt: 101 },
        { questions_per_attempt: QUIZ_MESSAGES.questionsRange },
      ],
      [
        'questions left out',
        withoutQuestions,
        { questions_per_attempt: QUIZ_MESSAGES.questionsRange },
      ],
      ['shuffle "yes"', { ...SETTINGS, shuffle: 'yes' }, { shuffle: expect.any(String) }],
      [
        'show answers "always"',
        { ...SETTINGS, show_answers_after: 'always' },
        { show_answers_after: expect.any(String) },
      ],
      ['an unknown key', { ...SETTINGS, timer: 60 }, { '': expect.stringContaining('timer') }],
      ['an array', [SETTINGS], { '': expect.any(String) }],
    ];
    const before = await snapshotDatabase();
    for (const [name, body, fields] of cases) {
      const refused = await putQuiz(client, chapters.one, body);
      expect([refused.status, refused.body.code], name).toEqual([400, 'VALIDATION']);
      expect(refused.body.details.fields, name).toEqual(fields);
      for (const message of Object.values(fields)) {
        if (typeof message === 'string') expect(refused.body.error, name).toContain(message);
      }
    }
    expect(await snapshotDatabase()).toEqual(before);
    expect((await readQuiz(client, chapters.one)).settings).toEqual(SETTINGS);
  });

  it('answers 404 to other users, mixed paths and a deleted chapter, storing nothing', async () => {
    const owner = await author('quiz-owner@example.com', { withKey: false });
    const stranger = await author('quiz-stranger@example.com', { withKey: false });
    const mine = await outline(owner);
    const theirs = await outline(stranger, 'Theirs');
    const before = await snapshotDatabase();
    const chapterNotFound = { error: 'Chapter not found', code: 'NOT_FOUND' };

    for (const response of [
      await stranger.get(`${mine.chapters.one}/quiz`),
      await putQuiz(stranger, mine.chapters.one, SETTINGS),
      // The body is read after the path: a bad body on a foreign chapter is still a 404.
      await putQuiz(stranger, mine.chapters.one, { pass_mark: 0 }),
    ]) {
      expect([response.status, response.body]).toEqual([404, chapterNotFound]);
    }
    // Another course's course, subject or chapter id in the owner's path, or a chapter of the
    // course under another subject: the 404 names the last level, as the outline's do.
    const mixed = [
      mine.chapters.one.replace(mine.courseId, theirs.courseId),
      mine.chapters.one.replace(mine.subjectId, theirs.subjectId),
      mine.chapters.one.replace(mine.ids.one, theirs.ids.one),
      mine.chapters.three.replace(mine.otherSubject, mine.subject),
    ];
    for (const path of mixed) {
      for (const response of [
        await owner.get(`${path}/quiz`),
        await putQuiz(owner, path, SETTINGS),
      ]) {
        expect([response.status, response.body], path).toEqual([404, chapterNotFound]);
      }
    }
    const visitor = await request(app).put(`/api/courses${mine.chapters.one}/quiz`).send(SETTINGS);
    expect(visitor.status).toBe(401);
    expect(await snapshotDatabase()).toEqual(before);

    await owner.delete(mine.chapters.one).expect(204);
    const afterDelete = await snapshotDatabase();
    for (const response of [
      await owner.get(`${mine.chapters.one}/quiz`),
      await putQuiz(owner, mine.chapters.one, SETTINGS),
    ]) {
      expect([response.status, response.body]).toEqual([404, chapterNotFound]);
    }
    // The repository's own check, for a save that passed the path check before the delete.
    const path = { courseId: mine.courseId, subjectId: mine.subjectId, chapterId: mine.ids.one };
    expect(await chapterQuizzesRepository().save(path, SETTINGS)).toBeNull();
    expect(await snapshotDatabase()).toEqual(afterDelete);
  });
});

describe('chapter quiz settings go with their chapters', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  /** An outline whose three chapters each hold settings. */
  async function withSettings(client: Client, name?: string) {
    const path = await outline(client, name);
    for (const chapter of Object.values(path.chapters)) {
      await putQuiz(client, chapter, SETTINGS).expect(200);
    }
    return path;
  }

  it('deletes a deleted chapter’s, subject’s and course’s settings, keeping a topic’s deletion’s, with no orphans', async () => {
    const client = await author('quiz-cascade@example.com', { withKey: false });
    const { ids, topics, chapters, subject, course } = await withSettings(client);
    const other = await withSettings(client, 'Other');
    const others = [other.ids.one, other.ids.two, other.ids.three];

    await client.delete(topics.a).expect(204);
    expect(await storedChapters()).toEqual([ids.one, ids.two, ids.three, ...others].sort());
    await client.delete(chapters.one).expect(204);
    expect(await storedChapters()).toEqual([ids.two, ids.three, ...others].sort());
    await client.delete(subject).expect(204);
    expect(await storedChapters()).toEqual([ids.three, ...others].sort());
    expect(await orphanedDocuments()).toEqual([]);

    await client.delete(other.course).expect(204);
    expect(await orphanedDocuments()).toEqual([]);
    expect(await storedChapters()).toEqual([ids.three]);
    await client.delete(course).expect(204);
    expect(await orphanedDocuments()).toEqual([]);
    expect(await storedQuizzes()).toEqual(new Map());
  });

  it('deletes the settings of chapters a regeneration replaces', async () => {
    const client = await author('quiz-regen@example.com');
    const { ids, subject, course } = await withSettings(client);
    await client.post(`${subject}/generate_chapters`).expect(200);
    expect(await storedChapters()).toEqual([ids.three]);
    await client.post(`${course}/generate_subjects`).expect(200);
    expect(await storedQuizzes()).toEqual(new Map());
    expect(await orphanedDocuments()).toEqual([]);
  });
});
