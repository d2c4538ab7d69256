import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  courseExportTreeSchema,
  type ChapterQuizSettings,
  type Question,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { app, author, resetFake } from './support/ai';
import { resetEmulators } from './support/emulators';
import { QUESTION_INPUTS } from './support/questions';

type Client = Awaited<ReturnType<typeof author>>;
const idOf = (response: request.Response) => response.body.id as string;

const SAVED: ChapterQuizSettings = {
  questions_per_attempt: 2,
  pass_mark: 90,
  attempts: 1,
  shuffle: false,
  show_answers_after: 'never',
};

/** A course of one subject: chapter `one` (topics a with questions, b without), `two` (topic c). */
async function outline(client: Client, name: string) {
  const course = idOf(await client.post('/create-manual', { name }));
  const s = `/${course}/subjects/${idOf(await client.post(`/${course}/subjects`, { name: 'S' }))}`;
  const one = `${s}/chapters/${idOf(await client.post(`${s}/chapters`, { name: 'One' }))}`;
  const two = `${s}/chapters/${idOf(await client.post(`${s}/chapters`, { name: 'Two' }))}`;
  const topic = async (chapter: string, topicName: string) =>
    `${chapter}/topics/${idOf(await client.post(`${chapter}/topics`, { name: topicName }))}`;
  return {
    course,
    one,
    two,
    a: await topic(one, 'A'),
    b: await topic(one, 'B'),
    c: await topic(two, 'C'),
  };
}

async function addQuestions(client: Client, topic: string): Promise<Question[]> {
  const created: Question[] = [];
  for (const input of QUESTION_INPUTS) {
    const response = await client.post(`${topic}/questions`, input);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    created.push(response.body as Question);
  }
  return created;
}

describe('GET /api/courses/{c}/tree for the exports', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  it('carries each topic’s questions in their order with keys, and each chapter’s quiz settings', async () => {
    const client = await author('tree-questions@example.com', { withKey: false });
    const mine = await outline(client, 'Tides');
    const created = await addQuestions(client, mine.a);
    const reordered = [created[4], created[0], created[2], created[1], created[3]].map(
      (question) => question?.id,
    );
    const ordered = await request(app)
      .put(`/api/courses${mine.a}/questions/order`)
      .set(client.auth)
      .send({ ids: reordered });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    await request(app).put(`/api/courses${mine.two}/quiz`).set(client.auth).send(SAVED).expect(200);
    // Another course of the same owner, with questions and quiz settings of its own.
    const other = await outline(client, 'Other');
    await addQuestions(client, other.c);
    await request(app)
      .put(`/api/courses${other.one}/quiz`)
      .set(client.auth)
      .send(SAVED)
      .expect(200);

    const response = await client.get(`/${mine.course}/tree`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const tree = courseExportTreeSchema.parse(response.body);
    const chapters = tree.subjects[0]?.chapters ?? [];
    expect(chapters.map((chapter) => chapter.quiz)).toEqual([DEFAULT_CHAPTER_QUIZ_SETTINGS, SAVED]);
    const topics = chapters.flatMap((chapter) => chapter.topics);
    expect(topics.map((topic) => topic.name)).toEqual(['A', 'B', 'C']);
    // Exactly what the author's own question list answers: every key included, in their order.
    const listed = (await client.get(`${mine.a}/questions`)).body as { questions: Question[] };
    expect(listed.questions.map((question) => question.id)).toEqual(reordered);
    expect(topics[0]?.questions).toEqual(listed.questions);
    expect(topics[0]?.questions.map(({ id: _id, origin: _origin, ...input }) => input)).toEqual(
      [4, 0, 2, 1, 3].map((at) => QUESTION_INPUTS[at]),
    );
    expect(topics.slice(1).map((topic) => topic.questions)).toEqual([[], []]);
  });

  it('is the owner’s only', async () => {
    const owner = await author('tree-owner@example.com', { withKey: false });
    const stranger = await author('tree-stranger@example.com', { withKey: false });
    const mine = await outline(owner, 'Mine');
    await addQuestions(owner, mine.a);
    const foreign = await stranger.get(`/${mine.course}/tree`);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'Course not found']);
    expect(JSON.stringify(foreign.body)).not.toContain('What pulls the tides?');
    expect((await request(app).get(`/api/courses/${mine.course}/tree`)).status).toBe(401);
  });
});
