import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createApp, type AppDependencies } from './app';
import { LocalImageStore } from './lib/storage/local-image-store';
import type { HealthRepository } from './modules/health/health-repository';

const healthy: HealthRepository = { roundTrip: () => Promise.resolve() };

const offline: Partial<AppDependencies> = {
  verifyIdToken: () => Promise.reject(new Error('no auth in unit tests')),
  healthRepository: healthy,
  version: () => 'test-version',
};

describe('createApp', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const response = await request(createApp(offline)).get('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });

  it('answers a path outside /api with a JSON 404', async () => {
    const response = await request(createApp(offline)).get('/elsewhere');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await request(createApp(offline))
      .post('/api/health')
      .set('content-type', 'application/json')
      .send('{"name": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Malformed JSON body' });
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await request(createApp(offline))
      .post('/api/health')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(600 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'Request body too large' });
  });

  it('accepts a JSON body just under the limit', async () => {
    const response = await request(createApp(offline))
      .post('/api/no-such-route')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(90 * 1024) }));
    expect(response.status).toBe(404);
  });

  it('does not advertise Express', async () => {
    const response = await request(createApp(offline)).get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('GET /api/health', () => {
  it('reports ok and the version after the Firestore probe succeeds', async () => {
    const roundTrip = vi.fn(() => Promise.resolve());
    const response = await request(createApp({ ...offline, healthRepository: { roundTrip } })).get(
      '/api/health',
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', firestore: 'ok', version: 'test-version' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(roundTrip).toHaveBeenCalledOnce();
  });

  it('reports 503 degraded when the Firestore probe fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: HealthRepository = { roundTrip: () => Promise.reject(new Error('unavailable')) };
    const response = await request(createApp({ ...offline, healthRepository: failing })).get(
      '/api/health',
    );
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      status: 'degraded',
      firestore: 'error',
      version: 'test-version',
    });
  });
});

describe('GET /api/files/*', () => {
  it('serves an image of the local store, and a JSON 404 for one it lacks', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'app-files-'));
    try {
      const store = new LocalImageStore(root);
      const app = createApp({ ...offline, imageStore: () => store });
      const { url } = await store.save(
        'users/u1/cover.webp',
        Uint8Array.from([1, 2]),
        'image/webp',
      );
      const served = await request(app).get(url).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const missing = await request(app).get('/api/files/users/u1/other.webp');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Not found' });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
