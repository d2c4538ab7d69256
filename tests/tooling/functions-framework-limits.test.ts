import { COURSE_AUDIO_FIELD, type ErrorCode } from '@coursecraft/contracts';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import type net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES, UPLOAD_ROUTES, createApp } from '../../functions/src/app';
import { COMPRESSED_BODY_REFUSED } from '../../functions/src/lib/compressed-requests';
import { MULTIPART_OVERHEAD_BYTES } from '../../functions/src/middleware/body-gate';
import { startFirestoreStandin } from '../../scripts/lib/firestore-standin.mjs';
import {
  deployedApiSizing,
  freePort,
  residentMemoryMb,
  startFunctionsFramework,
} from '../../scripts/lib/functions-framework.mjs';

/**
 * The size, type and nesting refusals hold where the API really runs: the built bundle
 * (functions/dist) served by Google's functions framework, which reads and parses every body
 * before the app sees it. Each case is sent to it and to the in-process app, and must get the
 * same status (and, where the app answers, the same JSON error). All cases are refused before
 * sign-in, so no emulator is needed; the framework listens on a free port.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUTE = '/api/courses/create-manual';

interface Case {
  what: string;
  path: string;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  /** Sent in chunks, without Content-Length: only the bytes read can tell the size. */
  chunked?: boolean;
  status: number;
  /** Whether the app writes the answer; the framework itself answers JSON it cannot parse. */
  appAnswers: boolean;
}

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const audio = UPLOAD_ROUTES.find((route) => route.path === '/courses/add_course_audio');
if (!audio) throw new Error('The audio upload route is missing from UPLOAD_ROUTES');

function multipart(field: string, bytes: number): Buffer {
  const head = `--zz\r\nContent-Disposition: form-data; name="${field}"; filename="a.wav"\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes), Buffer.from('\r\n--zz--\r\n')]);
}

const CASES: Case[] = [
  ...[
    ['text/plain', '{"name":"Course"}'],
    ['application/x-www-form-urlencoded', 'name=Course&description=x'],
    ['application/xml', '<name>Course</name>'],
    ['multipart/form-data; boundary=zz', multipart('name', 10).toString()],
  ].map(([contentType = '', body = '']) => ({
    what: `a ${contentType.split(';')[0]} body`,
    path: ROUTE,
    contentType,
    body,
    status: 415,
    appAnswers: true,
  })),
  {
    what: 'a JSON body over the limit',
    path: ROUTE,
    contentType: 'application/json',
    body: JSON.stringify({ name: 'x'.repeat(JSON_BODY_MAX_BYTES) }),
    status: 413,
    appAnswers: true,
  },
  {
    what: 'a JSON body over the limit, sent in chunks',
    path: ROUTE,
    contentType: 'application/json',
    body: JSON.stringify({ name: 'x'.repeat(JSON_BODY_MAX_BYTES) }),
    chunked: true,
    status: 413,
    appAnswers: true,
  },
  {
    what: 'an audio upload over its limit',
    path: `/api${audio.path}`,
    contentType: 'multipart/form-data; boundary=zz',
    body: multipart(COURSE_AUDIO_FIELD, audio.maxBytes + MULTIPART_OVERHEAD_BYTES),
    status: 413,
    appAnswers: true,
  },
  {
    what: 'JSON nested 200,000 levels deep',
    path: ROUTE,
    contentType: 'application/json',
    body: nested(200_000),
    status: 400,
    appAnswers: true,
  },
  {
    what: 'a gzip-compressed JSON body',
    path: ROUTE,
    contentType: 'application/json',
    headers: { 'content-encoding': 'gzip' },
    body: zlib.gzipSync('{"name":"Course"}'),
    status: 415,
    appAnswers: true,
  },
  {
    what: 'a deflate-compressed JSON body',
    path: ROUTE,
    contentType: 'application/json',
    headers: { 'content-encoding': 'deflate' },
    body: zlib.deflateSync('{"name":"Course"}'),
    status: 415,
    appAnswers: true,
  },
  {
    what: 'malformed JSON',
    path: ROUTE,
    contentType: 'application/json',
    body: '{"name": ',
    status: 400,
    appAnswers: false,
  },
];

let built: Promise<unknown> | undefined;
/** The bundle is built once for every framework this file starts. */
const buildBundle = () =>
  (built ??= promisify(execFile)(
    'npm',
    ['run', 'build', '--silent', '-w', '@coursecraft/functions'],
    { cwd: ROOT },
  ));

type Framework = Awaited<ReturnType<typeof startFunctionsFramework>>;

/** The built bundle served by the functions framework on a free port, with extra variables. */
async function startFramework(variables: Record<string, string> = {}): Promise<Framework> {
  await buildBundle();
  return startFunctionsFramework({ variables });
}

describe('body limits under the functions framework, as in-process', () => {
  let framework: Framework | undefined;
  let frameworkBase = '';
  let appBase = '';
  let appServer: ReturnType<ReturnType<typeof createApp>['listen']>;

  beforeAll(async () => {
    framework = await startFramework();
    frameworkBase = framework.base;

    const app = createApp({ verifyIdToken: () => Promise.reject(new Error('no sign-in here')) });
    appServer = app.listen(0, '127.0.0.1');
    await once(appServer, 'listening');
    appBase = `http://127.0.0.1:${(appServer.address() as net.AddressInfo).port}`;
  }, 120_000);

  afterAll(() => {
    framework?.process.kill();
    appServer?.close();
  });

  const CODES: Record<number, ErrorCode> = {
    400: 'VALIDATION',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
  };

  for (const sample of CASES) {
    it(`${sample.what}: ${sample.status}`, async () => {
      const send = (base: string) =>
        fetch(`${base}${sample.path}`, {
          method: 'POST',
          headers: { 'content-type': sample.contentType, ...sample.headers },
          body: sample.chunked
            ? new Blob([new Uint8Array(Buffer.from(sample.body))]).stream()
            : sample.body,
          duplex: 'half',
        } as RequestInit);
      const [inFramework, inProcess] = await Promise.all([send(frameworkBase), send(appBase)]);
      const context = `framework log:\n${framework?.log().slice(-2000)}`;
      expect(inProcess.status).toBe(sample.status);
      expect(inFramework.status, context).toBe(sample.status);
      const answer = await inProcess.json();
      expect(answer).toEqual({ error: expect.any(String), code: CODES[sample.status] });
      if (sample.appAnswers) expect(await inFramework.json(), context).toEqual(answer);
    });
  }
});

const MB = 1024 * 1024;

/** The framework's resident memory now and at its peak, in MB; it must still be running. */
function memoryMb(pid: number | undefined): { now: number; peak: number } {
  const memory = residentMemoryMb(pid);
  if (!memory) throw new Error(`The functions framework (pid ${pid}) is gone`);
  return memory;
}

/** A JSON body `{"a":"000…"}` that inflates to `inflatedBytes`, gzipped to about a thousandth. */
async function gzipBomb(inflatedBytes: number): Promise<Buffer> {
  const zeros = Buffer.alloc(MB, '0');
  const gzip = zlib.createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gzip, 'end');
  gzip.write('{"a":"');
  for (let written = 0; written < inflatedBytes; written += MB) gzip.write(zeros);
  gzip.end('"}');
  await ended;
  return Buffer.concat(chunks);
}

/**
 * The health route answered: 200, or 503 when its Firestore read took longer than its timeout
 * (on a busy machine); either way the instance served it.
 */
async function expectHealthAnswered(health: Promise<Response> | undefined, context: string) {
  const answer = await health;
  expect([200, 503], context).toContain(answer?.status);
  expect(await answer?.json(), context).toMatchObject({ status: expect.any(String) });
}

/**
 * No request without a token may hold an instance or take more than its share of the instance's
 * memory (the deployed memory divided by the concurrency): an upload is read only after the
 * route's sign-in, and a compressed body, or one whose declared length is over the limit, is
 * refused before the framework could inflate or parse it. A
 * health request sent meanwhile is answered. Each case runs on its own framework process, so its
 * peak memory is its own; the Firestore stand-in answers the health route's read.
 */
describe('requests without a token under the functions framework', () => {
  let standin: Awaited<ReturnType<typeof startFirestoreStandin>> | undefined;
  let firestorePort = 0;
  let framework: Framework | undefined;
  const { memoryMb: deployedMb, concurrency } = deployedApiSizing();
  const shareMb = deployedMb / concurrency;
  let startedMb = 0;

  beforeAll(async () => {
    firestorePort = await freePort();
    standin = await startFirestoreStandin({ port: firestorePort, controlPort: await freePort() });
    await buildBundle();
  }, 120_000);

  beforeEach(async () => {
    framework = await startFramework({ FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}` });
    startedMb = memoryMb(framework.process.pid).now;
  }, 60_000);

  afterEach(() => {
    framework?.process.kill('SIGKILL');
  });

  afterAll(async () => {
    await standin?.stop();
  });

  it('a 10 MB upload to the import and a health request sent meanwhile: 401, and health answered', async () => {
    const base = framework?.base ?? '';
    const megabytes = 10;
    let sent = 0;
    let health: Promise<Response> | undefined;
    // The health request leaves once the upload's last megabyte has been handed over.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const head = `--zz\r\nContent-Disposition: form-data; name="bundle"; filename="a.zip"\r\n\r\n`;
        controller.enqueue(new Uint8Array(Buffer.from(head)));
      },
      pull(controller) {
        controller.enqueue(new Uint8Array(MB).fill(7));
        sent += 1;
        if (sent < megabytes) return;
        controller.enqueue(new Uint8Array(Buffer.from('\r\n--zz--\r\n')));
        controller.close();
        health = fetch(`${base}/api/health`);
      },
    });
    const upload = await fetch(`${base}/api/courses/import`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      body,
      duplex: 'half',
    } as RequestInit);
    const context = `framework log:\n${framework?.log().slice(-2000)}`;
    expect(upload.status, context).toBe(401);
    expect(await upload.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(health, 'the health request was sent').toBeDefined();
    await expectHealthAnswered(health, context);
    const grownMb = memoryMb(framework?.process.pid).peak - startedMb;
    expect(grownMb, `grew by ${grownMb} MB`).toBeLessThan(shareMb);
  }, 120_000);

  it('10 gzip bombs of 300 MB at once: each 415 before inflating, and health answered', async () => {
    const base = framework?.base ?? '';
    const bomb = await gzipBomb(300 * MB);
    const bombs = Array.from({ length: 10 }, () =>
      fetch(`${base}/api/courses/create-manual`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: new Uint8Array(bomb),
      }),
    );
    const health = fetch(`${base}/api/health`);
    const answers = await Promise.all(bombs);
    const context = `framework log:\n${framework?.log().slice(-2000)}`;
    for (const answer of answers) {
      expect(answer.status, context).toBe(415);
      expect(await answer.json()).toEqual({
        error: COMPRESSED_BODY_REFUSED,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    await expectHealthAnswered(health, context);
    const grownMb = memoryMb(framework?.process.pid).peak - startedMb;
    expect(grownMb, `grew by ${grownMb} MB`).toBeLessThan(10 * shareMb);
  }, 120_000);

  it('10 JSON bodies of 30 MB at once: each 413 before the framework parses it, and health answered', async () => {
    const base = framework?.base ?? '';
    const body = `[${'{},'.repeat(10 * MB - 1)}{}]`;
    const bodies = Array.from({ length: 10 }, () =>
      fetch(`${base}/api/courses/create-manual`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    );
    const health = fetch(`${base}/api/health`);
    const answers = await Promise.all(bodies);
    const context = `framework log:\n${framework?.log().slice(-2000)}`;
    for (const answer of answers) {
      expect(answer.status, context).toBe(413);
      expect(await answer.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    await expectHealthAnswered(health, context);
    const grownMb = memoryMb(framework?.process.pid).peak - startedMb;
    expect(grownMb, `grew by ${grownMb} MB`).toBeLessThan(10 * shareMb);
  }, 120_000);

  it('10 JSON bodies of 30 MB sent without Content-Length at once: refused as they arrive, and health answered', async () => {
    const base = framework?.base ?? '';
    const chunk = new Uint8Array(Buffer.from('{},'.repeat(MB / 3)));
    const chunkedBody = () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(Buffer.from('[')));
        },
        pull(controller) {
          controller.enqueue(chunk);
          sent += 1;
          if (sent < 30) return;
          controller.enqueue(new Uint8Array(Buffer.from('{}]')));
          controller.close();
        },
      });
    };
    const sending = Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${base}/api/courses/create-manual`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: chunkedBody(),
          duplex: 'half',
        } as RequestInit).then(
          (answer) => answer.status,
          // Refused while it was still sending: the connection closes under the request.
          () => 'closed',
        ),
      ),
    );
    const health = fetch(`${base}/api/health`);
    const outcomes = await sending;
    const context = `framework log:\n${framework?.log().slice(-2000)}`;
    for (const outcome of outcomes) expect([413, 'closed'], context).toContain(outcome);
    expect(outcomes, 'at least one refusal is answered in words').toContain(413);
    await expectHealthAnswered(health, context);
    const grownMb = memoryMb(framework?.process.pid).peak - startedMb;
    expect(grownMb, `grew by ${grownMb} MB`).toBeLessThan(10 * shareMb);
  }, 120_000);
});
