import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { app, author, resetFake, resetImages } from './support/ai';
import { resetEmulators } from './support/emulators';

/** Whether a Cache-Control value forbids storing the answer anywhere. */
const forbidsStoring = (value: unknown) =>
  typeof value === 'string' &&
  value.split(',').some((directive) => directive.trim() === 'no-store');

describe('Cache-Control of API answers', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('marks every private answer, errors included, no-store', async () => {
    const client = await author('private@example.com');
    const created = await client.post('/create-manual', { name: 'Private notes' });
    const courseId = created.body.id as string;
    const answers = {
      'create a course': created,
      'list courses': await client.get(''),
      'read a course': await client.get(`/${courseId}`),
      'read subjects': await client.get(`/${courseId}/subjects`),
      'read the tree': await client.get(`/${courseId}/tree`),
      'read the account': await request(app).get('/api/auth/me').set(client.auth),
      'the publication status': await request(app)
        .get(`/api/courses/${courseId}/publish`)
        .set(client.auth),
      'a bad body': await client.post('/create-manual', { name: '' }),
      'no token': await request(app).get('/api/courses'),
      'someone else’s course': await (await author('other@example.com')).get(`/${courseId}`),
      'an unknown route': await request(app).get('/api/no-such-route'),
      'the health check': await request(app).get('/api/health'),
      'an unknown published course': await request(app).get('/api/learn/nothing-here'),
    };
    const seen = Object.entries(answers).map(([what, response]) => [
      what,
      response.headers['cache-control'],
      forbidsStoring(response.headers['cache-control']),
    ]);
    expect(seen.filter(([, , noStore]) => !noStore)).toEqual([]);
    expect(answers['list courses'].status).toBe(200);
    expect(answers['no token'].status).toBe(401);
  });

  it('lets a published course be cached briefly, the author’s view of it not', async () => {
    const client = await author('publisher@example.com');
    const courseId = (await client.post('/create-manual', { name: 'Open course' })).body
      .id as string;
    const published = await request(app).post(`/api/courses/${courseId}/publish`).set(client.auth);
    expect(published.headers['cache-control']).toBe('private, no-store');
    const snapshot = await request(app).get(`/api/learn/${published.body.slug as string}`);
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
  });

  it('lets an image of the local store be cached', async (context) => {
    if (process.env.IMAGE_STORE !== 'local') {
      context.skip('images live in the Storage emulator here, which sets its own headers');
    }
    const client = await author('cached-painter@example.com');
    const courseId = (await client.post('/create-manual', { name: 'Painted' })).body.id as string;
    const drawn = await client.images(`/${courseId}/generate`);
    expect(drawn.body.image_url).toMatch(/^\/api\/files\//);
    const image = await request(app).get(drawn.body.image_url as string);
    expect(image.status).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=300');
  });
});
