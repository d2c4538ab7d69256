import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { resetEmulators, signUp } from './support/emulators';

const app = createApp();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A signed-in API client for one new user. */
async function author(email: string) {
  const { idToken } = await signUp(email);
  const auth = bearer(idToken);
  return {
    get: (path: string) => request(app).get(`/api/courses${path}`).set(auth),
    post: async (path: string, body: object) => {
      const response = await request(app).post(`/api/courses${path}`).set(auth).send(body);
      expect(response.status, `POST ${path}`).toBe(201);
      return response.body as { id: string };
    },
  };
}
type Author = Awaited<ReturnType<typeof author>>;

/**
 * Builds a course with two subjects: Equations (chapters Linear with three topics, two with a
 * lesson, and Quadratic with one topic without) and an empty Geometry.
 */
async function buildTree(client: Author) {
  const { id: course } = await client.post('/create-manual', { name: 'Algebra' });
  const c = `/${course}`;
  const { id: equations } = await client.post(`${c}/subjects`, { name: 'Equations' });
  const { id: geometry } = await client.post(`${c}/subjects`, { name: 'Geometry' });
  const s = `${c}/subjects/${equations}`;
  const { id: linear } = await client.post(`${s}/chapters`, { name: 'Linear' });
  const { id: quadratic } = await client.post(`${s}/chapters`, { name: 'Quadratic' });
  const linearTopics = `${s}/chapters/${linear}/topics`;
  for (const [name, lesson] of [
    ['One unknown', true],
    ['Two unknowns', true],
    ['Word problems', false],
  ] as const) {
    const { id } = await client.post(linearTopics, { name });
    if (lesson) await client.post(`${linearTopics}/${id}/content`, { content: `# ${name}` });
  }
  await client.post(`${s}/chapters/${quadratic}/topics`, { name: 'Factoring' });
  return { c, equations: s, geometry: `${c}/subjects/${geometry}` };
}

describe('outline counts', () => {
  beforeEach(resetEmulators);

  it('counts the subjects, chapters, topics and lessons of a course and of each subject', async () => {
    const ada = await author('ada@example.com');
    const { c, equations, geometry } = await buildTree(ada);

    const course = await ada.get(`${c}/counts`);
    expect(course.status).toBe(200);
    expect(course.body).toEqual({ subjects: 2, chapters: 2, topics: 4, lessons: 2 });

    const subject = await ada.get(`${equations}/counts`);
    expect(subject.status).toBe(200);
    expect(subject.body).toEqual({ chapters: 2, topics: 4, lessons: 2 });

    expect((await ada.get(`${geometry}/counts`)).body).toEqual({
      chapters: 0,
      topics: 0,
      lessons: 0,
    });
  });

  it('counts an empty course as nothing', async () => {
    const ada = await author('ada@example.com');
    const { id } = await ada.post('/create-manual', { name: 'Empty' });
    expect((await ada.get(`/${id}/counts`)).body).toEqual({
      subjects: 0,
      chapters: 0,
      topics: 0,
      lessons: 0,
    });
  });

  it('answers 404 to another user, as for an unknown id', async () => {
    const ada = await author('ada@example.com');
    const { c, equations } = await buildTree(ada);
    const eve = await author('eve@example.com');

    const course = await eve.get(`${c}/counts`);
    expect(course.status).toBe(404);
    expect(course.body).toEqual({ error: 'Course not found', code: 'NOT_FOUND' });
    const subject = await eve.get(`${equations}/counts`);
    expect(subject.status).toBe(404);
    expect(subject.body).toEqual({ error: 'Subject not found', code: 'NOT_FOUND' });
    expect((await ada.get(`${c}/subjects/unknown-subject/counts`)).status).toBe(404);
  });
});
