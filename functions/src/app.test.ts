import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createApp, type AppDependencies } from './app';
import { MISCONFIGURED_MESSAGE } from './lib/deployed-config';
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

describe('a deployed API with test-only settings', () => {
  const deployedWith = (extra: Record<string, string>) => ({
    ...offline,
    variables: () => ({ K_SERVICE: 'api', GCLOUD_PROJECT: 'coursecraft', ...extra }),
  });

  it('refuses every request with 503 and logs why, once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const app = createApp(
        deployedWith({ GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:1', IMAGE_STORE: 'local' }),
      );
      for (const url of ['/api/health', '/api/courses', '/elsewhere']) {
        const response = await request(app).get(url);
        expect([url, response.status, response.body]).toEqual([
          url,
          503,
          { error: MISCONFIGURED_MESSAGE },
        ]);
        expect(response.headers['cache-control']).toBe('no-store');
      }
      expect(errors.mock.calls).toEqual([
        [
          'Refusing to serve: deployed with test-only settings: GOOGLE_GEMINI_BASE_URL is set ' +
            '(Gemini calls would go to a stand-in); IMAGE_STORE is local (images would live on ' +
            'an instance disk)',
        ],
      ]);
    } finally {
      errors.mockRestore();
    }
  });

  it('refuses an emulator host too, and serves when deployed without any', async () => {
    const emulated = createApp(deployedWith({ FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await request(emulated).get('/api/health')).status).toBe(503);
    vi.restoreAllMocks();
    const production = createApp(deployedWith({ IMAGE_STORE: 'cloud' }));
    expect((await request(production).get('/api/health')).status).toBe(200);
  });
});
