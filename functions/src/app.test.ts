import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { JSON_BODY_MAX_BYTES, UPLOAD_ROUTES, createApp, type AppDependencies } from './app';
import { MISCONFIGURED_MESSAGE } from './lib/deployed-config';
import { MULTIPART_OVERHEAD_BYTES, UNSUPPORTED_BODY_TYPE } from './middleware/body-gate';
import { NESTED_TOO_DEEPLY } from './middleware/well-formed-text';
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
    expect(response.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers a path outside /api with a JSON 404', async () => {
    const response = await request(createApp(offline)).get('/elsewhere');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await request(createApp(offline))
      .post('/api/health')
      .set('content-type', 'application/json')
      .send('{"name": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Malformed JSON body', code: 'VALIDATION' });
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await request(createApp(offline))
      .post('/api/health')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(600 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
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

describe('request bodies', () => {
  const app = createApp(offline);
  const post = (path: string) => request(app).post(path);

  it('refuses every body that is not JSON with 415 before the route runs', async () => {
    for (const [type, body] of [
      ['text/plain', '{"name":"Course"}'],
      ['application/x-www-form-urlencoded', 'name=Course&content=x'],
      ['application/xml', '<name>Course</name>'],
      ['multipart/form-data; boundary=zz', '--zz\r\n\r\nx\r\n--zz--'],
    ] as const) {
      const response = await post('/api/courses/create-manual')
        .set('content-type', type)
        .send(body);
      expect(response.status, type).toBe(415);
      expect(response.body, type).toEqual({
        error: UNSUPPORTED_BODY_TYPE,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('refuses a JSON body by its Content-Length before any of it arrives', async () => {
    const server = app.listen(0);
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      // Only the headers are sent: an answer can only come from the declared length.
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const pending = http.request(
          {
            port,
            method: 'POST',
            path: '/api/courses/create-manual',
            headers: {
              'content-type': 'application/json',
              'content-length': String(JSON_BODY_MAX_BYTES + 1),
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        pending.on('error', reject);
        pending.flushHeaders();
      });
      const { status, body } = await answer;
      expect(status).toBe(413);
      expect(JSON.parse(body)).toEqual({
        error: 'Request body too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses an upload by its Content-Length with the upload’s own message', async () => {
    for (const route of UPLOAD_ROUTES) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'abcdefghij0123456789');
      const send = route.method === 'PUT' ? request(app).put(`/api${path}`) : post(`/api${path}`);
      const response = await send
        .set('content-type', 'multipart/form-data; boundary=zz')
        .send(Buffer.alloc(route.maxBytes + MULTIPART_OVERHEAD_BYTES + 1));
      expect(response.status, path).toBe(413);
      expect(response.body, path).toEqual({
        error: route.tooLargeMessage,
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
  });

  it('answers JSON nested hundreds of thousands of levels deep with 400', async () => {
    const levels = 200_000;
    const response = await post('/api/courses/create-manual')
      .set('content-type', 'application/json')
      .send('['.repeat(levels) + ']'.repeat(levels));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: NESTED_TOO_DEEPLY, code: 'VALIDATION' });
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
      expect(missing.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
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
          { error: MISCONFIGURED_MESSAGE, code: 'MISCONFIGURED' },
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
