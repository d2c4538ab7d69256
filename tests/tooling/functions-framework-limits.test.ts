import { COURSE_AUDIO_FIELD, type ErrorCode } from '@coursecraft/contracts';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES, UPLOAD_ROUTES, createApp } from '../../functions/src/app';
import { MULTIPART_OVERHEAD_BYTES } from '../../functions/src/middleware/body-gate';

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
    what: 'malformed JSON',
    path: ROUTE,
    contentType: 'application/json',
    body: '{"name": ',
    status: 400,
    appAnswers: false,
  },
];

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function waitUntilServing(base: string, framework: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (framework.exitCode !== null) throw new Error('The functions framework exited early');
    try {
      await fetch(`${base}/api/no-such-route`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('The functions framework did not start');
}

describe('body limits under the functions framework, as in-process', () => {
  let framework: ChildProcess;
  let frameworkBase = '';
  let appBase = '';
  let appServer: ReturnType<ReturnType<typeof createApp>['listen']>;
  let frameworkLog = '';

  beforeAll(async () => {
    await promisify(execFile)('npm', ['run', 'build', '--silent', '-w', '@coursecraft/functions'], {
      cwd: ROOT,
    });
    const port = await freePort();
    frameworkBase = `http://127.0.0.1:${port}`;
    framework = spawn(
      path.join(ROOT, 'node_modules/.bin/functions-framework'),
      [
        '--target=api',
        '--signature-type=http',
        `--source=${path.join(ROOT, 'functions/dist')}`,
        `--port=${port}`,
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          GCLOUD_PROJECT: 'demo-coursecraft',
          METADATA_SERVER_DETECTION: 'none',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    framework.stdout?.on('data', (chunk: Buffer) => (frameworkLog += chunk.toString()));
    framework.stderr?.on('data', (chunk: Buffer) => (frameworkLog += chunk.toString()));
    await waitUntilServing(frameworkBase, framework);

    const app = createApp({ verifyIdToken: () => Promise.reject(new Error('no sign-in here')) });
    appServer = app.listen(0, '127.0.0.1');
    await once(appServer, 'listening');
    appBase = `http://127.0.0.1:${(appServer.address() as net.AddressInfo).port}`;
  }, 120_000);

  afterAll(() => {
    framework?.kill();
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
          headers: { 'content-type': sample.contentType },
          body: sample.chunked
            ? new Blob([new Uint8Array(Buffer.from(sample.body))]).stream()
            : sample.body,
          duplex: 'half',
        } as RequestInit);
      const [inFramework, inProcess] = await Promise.all([send(frameworkBase), send(appBase)]);
      const context = `framework log:\n${frameworkLog.slice(-2000)}`;
      expect(inProcess.status).toBe(sample.status);
      expect(inFramework.status, context).toBe(sample.status);
      const answer = await inProcess.json();
      expect(answer).toEqual({ error: expect.any(String), code: CODES[sample.status] });
      if (sample.appAnswers) expect(await inFramework.json(), context).toEqual(answer);
    });
  }
});
