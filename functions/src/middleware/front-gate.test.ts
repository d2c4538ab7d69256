import { COURSE_BUNDLE_MESSAGES, SOURCE_MESSAGES } from '@coursecraft/contracts';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPRESSED_BODY_REFUSED, isCompressedRequest } from '../lib/compressed-requests';
import { BODY_TOO_LARGE, UNSUPPORTED_BODY_TYPE } from './body-gate';
import { behindFrontGate } from './front-gate';

describe('isCompressedRequest', () => {
  it('takes any content coding but identity for a compressed body', () => {
    for (const encoding of ['gzip', 'deflate', 'br', ' GZIP ', 'gzip, identity', 'x-unknown']) {
      expect(isCompressedRequest({ 'content-encoding': encoding }), encoding).toBe(true);
    }
    for (const encoding of [undefined, '', 'identity', 'Identity']) {
      expect(isCompressedRequest({ 'content-encoding': encoding }), String(encoding)).toBe(false);
    }
  });
});

describe('behindFrontGate', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  const KB = 1024;
  const options = {
    jsonMaxBytes: 4 * KB,
    uploads: [
      {
        method: 'POST',
        path: '/courses/import',
        maxBytes: 100 * KB,
        tooLargeMessage: COURSE_BUNDLE_MESSAGES.tooLarge,
      },
      {
        method: 'PUT',
        path: '/courses/:courseId/sources/:sourceId',
        maxBytes: 100 * KB,
        tooLargeMessage: SOURCE_MESSAGES.tooLarge,
      },
    ],
    basePath: '/api',
  };

  async function serve(heard: string[]): Promise<string> {
    server = http.createServer(
      behindFrontGate((req, res) => {
        heard.push(`${req.method} ${req.url}`);
        req.resume();
        req.on('end', () => res.end('ok'));
      }, options),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('answers what the body gate would refuse from the headers alone, without the listener', async () => {
    const heard: string[] = [];
    const base = await serve(heard);
    const post = async (path: string, headers: Record<string, string>, body: Uint8Array) => {
      const answer = await fetch(`${base}${path}`, { method: 'POST', headers, body });
      return [answer.status, answer.headers.get('cache-control'), await answer.json()];
    };
    const json = { 'content-type': 'application/json' };
    const multipart = { 'content-type': 'multipart/form-data; boundary=zz' };

    expect(
      await post(
        '/api/x',
        { ...json, 'content-encoding': 'gzip' },
        new Uint8Array(zlib.gzipSync('{"a":1}')),
      ),
    ).toEqual([
      415,
      'no-store',
      { error: COMPRESSED_BODY_REFUSED, code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
    expect(await post('/api/x', json, new Uint8Array(5 * KB))).toEqual([
      413,
      'no-store',
      { error: BODY_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' },
    ]);
    expect(await post('/api/courses/import', multipart, new Uint8Array(200 * KB))).toEqual([
      413,
      'no-store',
      { error: COURSE_BUNDLE_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' },
    ]);
    expect(await post('/x', { 'content-type': 'text/plain' }, new Uint8Array(10))).toEqual([
      415,
      'no-store',
      { error: UNSUPPORTED_BODY_TYPE, code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
    expect(await post('/api/x', multipart, new Uint8Array(10))).toEqual([
      415,
      'no-store',
      { error: UNSUPPORTED_BODY_TYPE, code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
    expect(heard).toEqual([]);
  });

  it('matches an upload route with ids in its path by pattern, one segment per id', async () => {
    const heard: string[] = [];
    const base = await serve(heard);
    const put = async (path: string, bytes: number) => {
      const answer = await fetch(`${base}${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'multipart/form-data; boundary=zz' },
        body: new Uint8Array(bytes),
      });
      return [answer.status, answer.status === 200 ? null : await answer.json()];
    };
    expect(await put('/api/courses/c1/sources/s1', 200 * KB)).toEqual([
      413,
      { error: SOURCE_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' },
    ]);
    expect(await put('/api/courses/c1/sources/s1', 50 * KB)).toEqual([200, null]);
    for (const elsewhere of [
      '/api/courses/c1/sources/s1/x',
      '/api/courses/c1/sources',
      '/courses/c1/sources/s1',
    ]) {
      expect(await put(elsewhere, 10), elsewhere).toEqual([
        415,
        { error: UNSUPPORTED_BODY_TYPE, code: 'UNSUPPORTED_MEDIA_TYPE' },
      ]);
    }
    expect(heard).toEqual(['PUT /api/courses/c1/sources/s1']);
  });

  it('passes on what the app may take, and bodies sent without a length within the limit', async () => {
    const heard: string[] = [];
    const base = await serve(heard);
    const send = (path: string, init: RequestInit) =>
      fetch(`${base}${path}`, init).then((answer) => answer.status);
    expect(await send('/api/health', {})).toBe(200);
    expect(
      await send('/api/x', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: '{"a":1}',
      }),
    ).toBe(200);
    expect(
      await send('/api/courses/import', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=zz' },
        body: new Uint8Array(50 * KB),
      }),
    ).toBe(200);
    expect(
      await send('/api/x', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([new Uint8Array(3 * KB)]).stream(),
        duplex: 'half',
      } as RequestInit),
    ).toBe(200);
    expect(heard).toEqual([
      'GET /api/health',
      'POST /api/x',
      'POST /api/courses/import',
      'POST /api/x',
    ]);
  });

  it('counts a body sent without a length as it arrives, and answers 413 past the limit', async () => {
    const heard: string[] = [];
    const base = await serve(heard);
    const answer = await fetch(`${base}/api/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([new Uint8Array(64 * KB)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect([answer.status, await answer.json()]).toEqual([
      413,
      { error: BODY_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' },
    ]);
  });
});
