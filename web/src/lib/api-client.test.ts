import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { sentRequest, stubFetch } from '../testing/fetch-stub';
import {
  ApiError,
  apiBlob,
  apiNoContent,
  apiRequest,
  NETWORK_ERROR_MESSAGE,
  serverErrorOr,
  setUnauthorizedHandler,
} from './api-client';

const okSchema = z.object({ ok: z.boolean() });

interface FakeUser {
  isAnonymous: boolean;
  getIdToken: () => Promise<string>;
}
const firebase = vi.hoisted(() => ({ auth: { currentUser: null as FakeUser | null } }));
vi.mock('./firebase', () => firebase);

afterEach(() => {
  vi.unstubAllGlobals();
  firebase.auth.currentUser = null;
  setUnauthorizedHandler(() => {});
});

describe('apiRequest', () => {
  it('sends JSON to /api with the given token and validates the answer', async () => {
    const fetchSpy = stubFetch(() => Response.json({ ok: true }));
    await expect(
      apiRequest('/things', { method: 'POST', body: { a: 1 }, schema: okSchema, idToken: 't.o.k' }),
    ).resolves.toEqual({ ok: true });
    const { url, init } = sentRequest(fetchSpy);
    expect(url).toBe('/api/things');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer t.o.k',
      'content-type': 'application/json',
    });
    expect(init.body).toBe('{"a":1}');
  });

  it("sends the signed-in account's token, but not an anonymous learner's", async () => {
    const fetchSpy = stubFetch(() => Response.json({ ok: true }));
    firebase.auth.currentUser = { isAnonymous: false, getIdToken: async () => 'account' };
    await apiRequest('/things', { schema: okSchema });
    expect(sentRequest(fetchSpy, 0).init.headers).toMatchObject({
      authorization: 'Bearer account',
    });
    firebase.auth.currentUser = { isAnonymous: true, getIdToken: async () => 'anonymous' };
    await apiRequest('/things', { schema: okSchema });
    expect(sentRequest(fetchSpy, 1).init.headers).not.toHaveProperty('authorization');
  });

  it('sends no token at all for public data', async () => {
    const fetchSpy = stubFetch(() => Response.json({ ok: true }));
    firebase.auth.currentUser = { isAnonymous: false, getIdToken: async () => 'account' };
    await apiRequest('/learn/x', { schema: okSchema, sendToken: false });
    expect(sentRequest(fetchSpy).init.headers).not.toHaveProperty('authorization');
  });

  it('logs out on a 401 and reports the server message', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'Your account has been disabled.' }, { status: 401 }),
      ),
    );
    const failure = await apiRequest('/auth/me', { schema: okSchema }).catch(
      (error: unknown) => error,
    );
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(serverErrorOr(failure, 'fallback')).toBe('Your account has been disabled.');
  });

  it("carries the server's status, code and details", async () => {
    stubFetch(() =>
      Response.json(
        { error: 'A job is running.', code: 'JOB_RUNNING', details: { job_id: 'j1' } },
        { status: 409 },
      ),
    );
    await expect(apiRequest('/x', { schema: okSchema })).rejects.toMatchObject({
      status: 409,
      serverMessage: 'A job is running.',
      code: 'JOB_RUNNING',
      details: { job_id: 'j1' },
    });
  });

  it('has no code when the answer is not the API’s own error, yet keeps its message', async () => {
    stubFetch(() => Response.json({ error: 'Bad gateway', code: 'UPSTREAM' }, { status: 502 }));
    await expect(apiRequest('/x', { schema: okSchema })).rejects.toMatchObject({
      status: 502,
      serverMessage: 'Bad gateway',
      code: undefined,
      details: undefined,
    });
  });

  it('reports a 401 without logging out when the request keeps the session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => Response.json({ error: 'Authentication required' }, { status: 401 }));
    const failure = await apiRequest('/learn/x/progress', {
      schema: okSchema,
      idToken: 'anon',
      keepSessionOn401: true,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not log out on other errors and falls back when the server sent no message', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    const failure = await apiRequest('/x', { schema: okSchema }).catch((error: unknown) => error);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(serverErrorOr(failure, 'fallback')).toBe('fallback');
  });

  it('passes the API’s 429 message on as the message pages show', async () => {
    stubFetch(() =>
      Response.json(
        { error: 'Too many requests. Please try again in 2 minutes.' },
        { status: 429, headers: { 'retry-after': '90' } },
      ),
    );
    const failure = await apiRequest('/x', { schema: okSchema }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 429 });
    expect(serverErrorOr(failure, 'fallback')).toBe(
      'Too many requests. Please try again in 2 minutes.',
    );
  });

  it('words a 429 that came without a message from its Retry-After, or asks to wait', async () => {
    stubFetch(() => new Response('busy', { status: 429, headers: { 'retry-after': '30' } }));
    const timed = await apiRequest('/x', { schema: okSchema }).catch((error: unknown) => error);
    expect(serverErrorOr(timed, 'fallback')).toBe(
      'Too many requests. Please try again in 30 seconds.',
    );
    stubFetch(() => new Response('busy', { status: 429 }));
    const untimed = await apiRequest('/x', { schema: okSchema }).catch((error: unknown) => error);
    expect(serverErrorOr(untimed, 'fallback')).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('turns an unreachable server into a network ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const failure = await apiRequest('/x', { schema: okSchema }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('rejects an answer that does not match the schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ nope: 1 })),
    );
    await expect(apiRequest('/x', { schema: okSchema })).rejects.toThrow();
  });
});

describe('apiBlob', () => {
  it("fetches a file with the account's token and answers its bytes", async () => {
    const fetchSpy = stubFetch(() => new Response(new Uint8Array([80, 75, 3, 4])));
    firebase.auth.currentUser = { isAnonymous: false, getIdToken: async () => 'account' };
    const blob = await apiBlob('/courses/c1/export/markdown', { accept: 'application/zip' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    const { url, init } = sentRequest(fetchSpy);
    expect(url).toBe('/api/courses/c1/export/markdown');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer account',
      accept: 'application/zip',
    });
  });

  it("fails with the server's message, and a 401 ends the session like any call", async () => {
    stubFetch(() => Response.json({ error: 'Course not found' }, { status: 404 }));
    await expect(apiBlob('/x', { accept: 'application/zip' })).rejects.toMatchObject({
      status: 404,
      serverMessage: 'Course not found',
    });
    const onUnauthorized = vi.fn(async () => {});
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => Response.json({ error: 'Unauthorized' }, { status: 401 }));
    await expect(apiBlob('/x', { accept: 'application/zip' })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('apiNoContent', () => {
  it('accepts a 204 without a body', async () => {
    const fetchSpy = stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiNoContent('/courses/c1', { method: 'DELETE' })).resolves.toBeUndefined();
    expect(sentRequest(fetchSpy).init.method).toBe('DELETE');
  });

  it('fails loudly on another success, and like any call on an error', async () => {
    stubFetch(() => Response.json({ message: 'Course deleted' }));
    await expect(apiNoContent('/courses/c1', { method: 'DELETE' })).rejects.toThrow(
      'Expected no content from DELETE /courses/c1, got 200',
    );
    stubFetch(() =>
      Response.json({ error: 'Course not found', code: 'NOT_FOUND' }, { status: 404 }),
    );
    await expect(apiNoContent('/courses/c1', { method: 'DELETE' })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});
