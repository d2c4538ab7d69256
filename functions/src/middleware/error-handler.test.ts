import { apiErrorSchema } from '@coursecraft/contracts';
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { HttpError } from '../lib/http-error';
import { validate } from '../lib/validate';
import { errorHandler } from './error-handler';

/** A bare app whose one route runs `handler`, behind the real error handler. */
function appRunning(handler: express.RequestHandler) {
  const app = express();
  app.use(express.json());
  app.post('/route', handler);
  app.use(errorHandler);
  return app;
}

const throwing = (error: unknown) =>
  appRunning(() => {
    throw error;
  });

describe('errorHandler', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('maps an HttpError to its status, message and code', async () => {
    const response = await request(throwing(new HttpError(409, 'CONFLICT', 'Already exists'))).post(
      '/route',
    );
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'Already exists', code: 'CONFLICT' });
  });

  it('sends details under `details`, never beside the message', async () => {
    const running = new HttpError(409, 'JOB_RUNNING', 'A job is running', {
      details: { job_id: 'j1' },
    });
    const response = await request(throwing(running)).post('/route');
    expect(response.body).toEqual({
      error: 'A job is running',
      code: 'JOB_RUNNING',
      details: { job_id: 'j1' },
    });
    expect(apiErrorSchema.safeParse(response.body).success).toBe(true);
  });

  it('sends the headers an HttpError carries, such as Retry-After', async () => {
    const refused = new HttpError(429, 'RATE_LIMITED', 'Too many requests.', {
      headers: { 'retry-after': '42' },
    });
    const response = await request(throwing(refused)).post('/route');
    expect([response.status, response.headers['retry-after'], response.body]).toEqual([
      429,
      '42',
      { error: 'Too many requests.', code: 'RATE_LIMITED' },
    ]);
  });

  it('maps an HttpError rejected by an async route too', async () => {
    const app = appRunning(async () => {
      await Promise.resolve();
      throw new HttpError(404, 'NOT_FOUND', 'Course not found');
    });
    const response = await request(app).post('/route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Course not found', code: 'NOT_FOUND' });
  });

  it('maps a thrown ZodError to a 400 VALIDATION naming each field and its problem', async () => {
    const schema = z.object({ name: z.string().max(3, 'Too long'), tags: z.array(z.string()) });
    const failure = schema.safeParse({ name: 'abcd', tags: ['ok', 7] }).error;
    const response = await request(throwing(failure)).post('/route');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'name: Too long; tags.1: Invalid input: expected string, received number',
      code: 'VALIDATION',
      details: {
        fields: { name: 'Too long', 'tags.1': 'Invalid input: expected string, received number' },
      },
    });
  });

  it('answers 400 for a body refused by validate', async () => {
    const schema = z.object({ name: z.string().trim().min(1, 'Required') });
    const app = appRunning((req, res) => {
      res.json(validate(schema, req.body));
    });
    const invalid = await request(app).post('/route').send({ name: '  ' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      error: 'name: Required',
      code: 'VALIDATION',
      details: { fields: { name: 'Required' } },
    });
    const valid = await request(app).post('/route').send({ name: ' Rust ' });
    expect(valid.body).toEqual({ name: 'Rust' });
  });

  it('answers malformed JSON with a 400 VALIDATION and an oversized one with a 413', async () => {
    const app = express();
    app.use(express.json({ limit: 10 }));
    app.post('/route', (_req, res) => void res.end());
    app.use(errorHandler);
    const malformed = await request(app)
      .post('/route')
      .set('content-type', 'application/json')
      .send('{');
    expect([malformed.status, malformed.body]).toEqual([
      400,
      { error: 'Malformed JSON body', code: 'VALIDATION' },
    ]);
    const large = await request(app).post('/route').send({ name: 'more than ten bytes' });
    expect([large.status, large.body]).toEqual([
      413,
      { error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' },
    ]);
  });

  it('answers 4xx without details for other body-parser refusals', async () => {
    const response = await request(appRunning((_req, res) => res.end()))
      .post('/route')
      .set('content-type', 'application/json; charset=latin-9')
      .send('{}');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      error: 'Invalid request body',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('answers 400 for a path parameter that is not valid percent-encoded UTF-8', async () => {
    const app = express();
    app.get('/items/:id', (_req, res) => void res.json({}));
    app.use(errorHandler);
    for (const id of ['%ED%A0%80', '%G1', '%']) {
      const response = await request(app).get(`/items/${id}`);
      expect([response.status, response.body]).toEqual([
        400,
        { error: 'Malformed URL', code: 'VALIDATION' },
      ]);
    }
  });

  it('hides an unexpected error behind a 500 without a stack trace, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('secret detail');
    const response = await request(throwing(error)).post('/route');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(response.text).not.toContain('secret detail');
    expect(response.text).not.toMatch(/\bat \S+ \(/);
    expect(log).toHaveBeenCalledWith(expect.any(String), error);
  });

  it('turns a thrown non-Error value into a 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await request(throwing('just a string')).post('/route');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
  });
});
