import { DEFAULT_COURSE_SETTINGS } from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { ofGoneCourses, orphansAmong, readDatabase } from './support/database';
import { resetEmulators, signUp } from './support/emulators';

const app = createApp();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A signed-in API client for one new user. */
async function author(email: string) {
  const { idToken } = await signUp(email);
  const auth = bearer(idToken);
  return {
    get: (path: string) => request(app).get(`/api/courses${path}`).set(auth),
    post: (path: string, body: object = {}) =>
      request(app).post(`/api/courses${path}`).set(auth).send(body),
    put: (path: string, body: object) =>
      request(app).put(`/api/courses${path}`).set(auth).send(body),
    delete: (path: string) => request(app).delete(`/api/courses${path}`).set(auth),
  };
}
type Author = Awaited<ReturnType<typeof author>>;

/** Builds course → subject → chapter → two topics, the first with content. */
async function buildOutline(client: Author) {
  const course = (await client.post('/create-manual', { name: 'Algebra' })).body.id as string;
  const c = `/${course}`;
  const subject = (await client.post(`${c}/subjects`, { name: 'Equations' })).body.id as string;
  const s = `${c}/subjects/${subject}`;
  const chapter = (await client.post(`${s}/chapters`, { name: 'Linear' })).body.id as string;
  const ch = `${s}/chapters/${chapter}`;
  const topic = (await client.post(`${ch}/topics`, { name: 'One unknown' })).body.id as string;
  const second = (await client.post(`${ch}/topics`, { name: 'Two unknowns' })).body.id as string;
  const t = `${ch}/topics/${topic}`;
  await client.post(`${t}/content`, { content: '# Solve $x + 1 = 2$' });
  return { course, subject, chapter, topic, second, paths: { c, s, ch, t } };
}

/**
 * Documents of each outline level in the whole database, found wherever they are (under a
 * deleted parent too); fails when any document's parent document is missing.
 */
async function countTree(): Promise<Record<string, number>> {
  const documents = await readDatabase();
  const paths = documents.map((document) => document.path);
  expect(orphansAmong(paths), 'documents whose parent is gone').toEqual([]);
  expect(ofGoneCourses(documents), 'documents whose course is gone').toEqual([]);
  const depth = (collection: string, segments: number) =>
    paths.filter((path) => {
      const parts = path.split('/');
      return parts.length === segments && parts.at(-2) === collection;
    }).length;
  return {
    courses: depth('courses', 2),
    subjects: depth('subjects', 4),
    chapters: depth('chapters', 6),
    topics: depth('topics', 8),
    content: depth('content', 10),
  };
}

describe('/api/courses', () => {
  beforeEach(resetEmulators);

  it('creates, lists, reads, updates and deletes a course by hand', async () => {
    const ada = await author('ada@example.com');
    const created = await ada.post('/create-manual', {
      name: '  Algebra  ',
      description: 'Basics',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Algebra',
      description: 'Basics',
      image_url: null,
      has_subjects: false,
      published: false,
      settings: DEFAULT_COURSE_SETTINGS,
    });
    await ada.post('/create-manual', { name: 'Geometry' });
    const list = await ada.get('/my-courses');
    expect(list.body.map((course: { name: string }) => course.name)).toEqual([
      'Geometry',
      'Algebra',
    ]);
    expect((await ada.get('')).body).toEqual(list.body);

    const id = created.body.id as string;
    expect((await ada.get(`/${id}`)).body.name).toBe('Algebra');
    const updated = await ada.put(`/${id}`, { name: 'Algebra I', description: '' });
    expect(updated.body).toMatchObject({ name: 'Algebra I', description: '' });
    expect(updated.body.settings).toEqual(DEFAULT_COURSE_SETTINGS);
    expect((await ada.delete(`/${id}`)).status).toBe(204);
    expect((await ada.get(`/${id}`)).status).toBe(404);
  });

  it('keeps the has_* flags true to the data and lists children in creation order', async () => {
    const ada = await author('ada@example.com');
    const { course, paths } = await buildOutline(ada);
    expect((await ada.get(`/${course}`)).body.has_subjects).toBe(true);
    expect((await ada.get(paths.s)).body.has_chapters).toBe(true);
    expect((await ada.get(paths.ch)).body.has_topics).toBe(true);
    const topics = (await ada.get(`${paths.ch}/topics`)).body;
    expect(topics).toEqual([
      { id: expect.any(String), name: 'One unknown', has_content: true },
      { id: expect.any(String), name: 'Two unknowns', has_content: false },
    ]);

    expect((await ada.get(`${paths.t}/content`)).body).toBe('# Solve $x + 1 = 2$');
    const replaced = await ada.put(`${paths.t}/content`, { content: ' New text ' });
    expect(replaced.body).toEqual({ content: 'New text' });
    expect((await ada.delete(`${paths.t}/content`)).status).toBe(204);
    expect((await ada.get(paths.t)).body.has_content).toBe(false);
    expect((await ada.get(`${paths.t}/content`)).status).toBe(404);
    expect((await ada.delete(`${paths.t}/content`)).status).toBe(404);

    const [first, second] = topics as { id: string }[];
    await ada.delete(`${paths.ch}/topics/${first?.id}`);
    expect((await ada.get(paths.ch)).body.has_topics).toBe(true);
    await ada.delete(`${paths.ch}/topics/${second?.id}`);
    expect((await ada.get(paths.ch)).body.has_topics).toBe(false);
    await ada.delete(paths.ch);
    expect((await ada.get(paths.s)).body.has_chapters).toBe(false);
    await ada.delete(paths.s);
    expect((await ada.get(`/${course}`)).body.has_subjects).toBe(false);
  });

  it('refuses a second create of content, and renames every level', async () => {
    const ada = await author('ada@example.com');
    const { paths } = await buildOutline(ada);
    expect((await ada.post(`${paths.t}/content`, { content: 'again' })).status).toBe(409);
    expect((await ada.put(paths.s, { name: 'Equations II' })).body.name).toBe('Equations II');
    expect((await ada.put(paths.ch, { name: 'Quadratic' })).body.name).toBe('Quadratic');
    expect((await ada.put(paths.t, { name: 'Roots' })).body).toMatchObject({
      name: 'Roots',
      has_content: true,
    });
  });

  it('deletes a course with everything below it', async () => {
    const ada = await author('ada@example.com');
    const { course } = await buildOutline(ada);
    const other = await buildOutline(ada);
    expect(await countTree()).toEqual({
      courses: 2,
      subjects: 2,
      chapters: 2,
      topics: 4,
      content: 2,
    });
    expect((await ada.delete(`/${course}`)).status).toBe(204);
    expect(await countTree()).toEqual({
      courses: 1,
      subjects: 1,
      chapters: 1,
      topics: 2,
      content: 1,
    });
    expect((await ada.delete(other.paths.s)).status).toBe(204);
    expect(await countTree()).toEqual({
      courses: 1,
      subjects: 0,
      chapters: 0,
      topics: 0,
      content: 0,
    });
  });

  it('deletes a chapter and a topic with everything below them', async () => {
    const ada = await author('ada@example.com');
    const { paths } = await buildOutline(ada);
    await ada.delete(paths.t);
    expect(await countTree()).toMatchObject({ chapters: 1, topics: 1, content: 0 });
    await ada.delete(paths.ch);
    expect(await countTree()).toMatchObject({ subjects: 1, chapters: 0, topics: 0 });
  });

  it('answers 404 to another user on every route, and changes nothing', async () => {
    const ada = await author('ada@example.com');
    const { course, paths } = await buildOutline(ada);
    const eve = await author('eve@example.com');
    const before = await countTree();
    const { c, s, ch, t } = paths;
    const attempts = [
      eve.get(c),
      eve.put(c, { name: 'Mine' }),
      eve.delete(c),
      eve.get(`${c}/subjects`),
      eve.post(`${c}/subjects`, { name: 'x' }),
      eve.get(s),
      eve.put(s, { name: 'x' }),
      eve.delete(s),
      eve.get(`${s}/chapters`),
      eve.post(`${s}/chapters`, { name: 'x' }),
      eve.get(ch),
      eve.put(ch, { name: 'x' }),
      eve.delete(ch),
      eve.get(`${ch}/topics`),
      eve.post(`${ch}/topics`, { name: 'x' }),
      eve.get(t),
      eve.put(t, { name: 'x' }),
      eve.delete(t),
      eve.get(`${t}/content`),
      eve.post(`${t}/content`, { content: 'x' }),
      eve.put(`${t}/content`, { content: 'x' }),
      eve.delete(`${t}/content`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect(await countTree()).toEqual(before);
    expect((await eve.get('/my-courses')).body).toEqual([]);
    expect((await ada.get(`/${course}`)).body.name).toBe('Algebra');
  });

  it('answers 404 for a foreign id before looking at the body', async () => {
    const ada = await author('ada@example.com');
    const { paths } = await buildOutline(ada);
    const eve = await author('eve@example.com');
    const { c, s, ch, t } = paths;
    const attempts = [
      eve.put(c, { name: ' ' }),
      eve.post(`${c}/subjects`, {}),
      eve.put(s, { name: '' }),
      eve.post(`${s}/chapters`, { name: 7 }),
      eve.put(ch, {}),
      eve.post(`${ch}/topics`, { name: '\t' }),
      eve.put(t, { name: ' ' }),
      eve.post(`${t}/content`, { content: ' ' }),
      eve.put(`${t}/content`, {}),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
  });

  it('answers 404 when an id does not belong to the parent in the path', async () => {
    const ada = await author('ada@example.com');
    const first = await buildOutline(ada);
    const second = await buildOutline(ada);
    const mixed = `/${first.course}/subjects/${second.subject}`;
    expect((await ada.get(mixed)).status).toBe(404);
    expect((await ada.get(`${first.paths.s}/chapters/${second.chapter}`)).status).toBe(404);
    expect((await ada.get(`${first.paths.ch}/topics/${second.topic}/content`)).status).toBe(404);
    expect((await ada.get('/not-an-id!')).status).toBe(404);
  });

  it.each([
    ['/create-manual', 'post', { name: '   ' }, 'Course name is required'],
    ['/create-manual', 'post', { name: 'x'.repeat(201) }, 'Name must be at most 200'],
    ['/create-manual', 'post', { name: 'ok', description: 'd'.repeat(2001) }, 'Description'],
  ] as const)('validates %s %s', async (path, _method, body, message) => {
    const ada = await author('ada@example.com');
    const response = await ada.post(path, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(message);
  });

  it('validates names and content at every level with the messages the app shows', async () => {
    const ada = await author('ada@example.com');
    const { paths } = await buildOutline(ada);
    const cases = [
      [ada.post(`${paths.c}/subjects`, { name: ' ' }), 'Subject name is required'],
      [ada.put(paths.s, { name: '' }), 'Subject name is required'],
      [ada.post(`${paths.s}/chapters`, { name: '\t' }), 'Chapter name is required'],
      [ada.put(paths.ch, { name: ' ' }), 'Chapter name is required'],
      [ada.post(`${paths.ch}/topics`, {}), 'name'],
      [ada.put(paths.t, { name: ' ' }), 'Topic name is required'],
      [ada.put(`${paths.t}/content`, { content: '  ' }), 'Content is required'],
      [ada.put(`${paths.t}/content`, { content: 'x'.repeat(100_001) }), 'at most 100000'],
      [ada.put(paths.c, { name: ' ' }), 'Course name is required'],
    ] as const;
    for (const [pending, message] of cases) {
      const response = await pending;
      expect(response.status).toBe(400);
      expect(response.body.error).toContain(message);
    }
    expect(await countTree()).toMatchObject({ subjects: 1, chapters: 1, topics: 2, content: 1 });
  });

  it('refuses visitors and malformed JSON', async () => {
    expect((await request(app).get('/api/courses/my-courses')).status).toBe(401);
    const { idToken } = await signUp('ada@example.com');
    const malformed = await request(app)
      .post('/api/courses/create-manual')
      .set(bearer(idToken))
      .set('content-type', 'application/json')
      .send('{"name": ');
    expect(malformed.status).toBe(400);
  });
});
