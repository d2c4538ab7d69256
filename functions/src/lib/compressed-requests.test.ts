import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COMPRESSED_BODY_REFUSED,
  isCompressedRequest,
  refusingCompressed,
} from './compressed-requests';

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

describe('refusingCompressed', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  it('answers a compressed body 415 without calling the listener, and passes the rest on', async () => {
    const heard: string[] = [];
    server = http.createServer(
      refusingCompressed((req, res) => {
        heard.push(req.headers['content-encoding'] ?? 'none');
        res.end('ok');
      }),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (headers: Record<string, string>, body: Uint8Array) =>
      fetch(base, { method: 'POST', headers, body });

    const refused = await post(
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      zlib.gzipSync('{"a":1}'),
    );
    expect(refused.status).toBe(415);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({
      error: COMPRESSED_BODY_REFUSED,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const plain = await post({ 'content-type': 'application/json' }, Buffer.from('{"a":1}'));
    expect([plain.status, await plain.text()]).toEqual([200, 'ok']);
    expect(heard).toEqual(['none']);
  });
});
