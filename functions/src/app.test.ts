import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp } from './app';
import { HttpError } from './lib/http-error';
import { errorHandler } from './middleware/error-handler';

const offline = {
  verifyIdToken: () => Promise.reject(new Error('no auth in unit tests')),
  probeFirestore: () => Promise.resolve(),
  version: () => 'test-version',
};

/** A bare app with one route throwing what a test needs, behind the real error handler. */
function appThrowing(error: unknown) {
  const app = express();
  app.use(express.json({ limit: '1kb' }));
  app.post('/boom', () => {
    throw error;
  });
  app.use(errorHandler);
  return app;
}

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
      .send(JSON.stringify({ text: 'x'.repeat(200 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'Request body too large' });
  });

  it('does not advertise Express', async () => {
    const response = await request(createApp(offline)).get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('GET /api/health', () => {
  it('reports ok and the version after the Firestore probe succeeds', async () => {
    const probeFirestore = vi.fn(() => Promise.resolve());
    const response = await request(createApp({ ...offline, probeFirestore })).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', firestore: 'ok', version: 'test-version' });
    expect(probeFirestore).toHaveBeenCalledOnce();
  });

  it('reports 503 degraded when the Firestore probe fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const probeFirestore = () => Promise.reject(new Error('unavailable'));
    const response = await request(createApp({ ...offline, probeFirestore })).get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      status: 'degraded',
      firestore: 'error',
      version: 'test-version',
    });
  });
});

describe('errorHandler', () => {
  it('maps an HttpError to its status and message', async () => {
    const response = await request(appThrowing(new HttpError(409, 'Already exists'))).post('/boom');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'Already exists' });
  });

  it('maps a validation error to 400 naming the field', async () => {
    const result = z.object({ name: z.string().max(3) }).safeParse({ name: 'too long' });
    const response = await request(appThrowing(result.error)).post('/boom');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^name: /);
  });

  it('hides an unexpected error behind a 500 without a stack trace', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await request(appThrowing(new Error('secret detail at line 3'))).post('/boom');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Internal server error' });
    expect(response.text).not.toContain('secret detail');
    expect(log).toHaveBeenCalled();
  });
});
