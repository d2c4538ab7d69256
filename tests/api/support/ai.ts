import request from 'supertest';
import { createApp } from '../../../functions/src/app';
import { getEnv } from '../../../functions/src/lib/env';
import { adminStorage } from '../../../functions/src/lib/firebase-admin';
import { signUp } from './emulators';

/** The API under test, in-process, on the emulators and the fake Gemini the suite started. */
export const app = createApp();
const fakeGemini = process.env.GOOGLE_GEMINI_BASE_URL ?? '';
export const USER_KEY = 'AIza-test-key-of-the-author';

export interface FakeRequest {
  apiKey: string | null;
  kind: string;
  /** When the fake received the request and when it finished answering (ms; null if still open). */
  startedAt: number;
  endedAt: number | null;
  body: {
    contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
  };
}

export async function fake(path: string, method: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${fakeGemini}/__fake${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}
export const resetFake = () => fake('', 'DELETE');
export const queueFaults = (...faults: object[]) => fake('/faults', 'POST', { faults });
export const fakeSettings = (settings: object) => fake('/settings', 'PUT', settings);
export const geminiRequests = () => fake('/requests', 'GET') as Promise<FakeRequest[]>;
export const promptOf = (sent: FakeRequest | undefined) =>
  sent?.body.contents.flatMap((content) => content.parts.map((part) => part.text ?? '')).join('');

/** A signed-in API client for one new user, with a saved Google API key unless told not to. */
export async function author(
  email: string,
  { withKey = true, api = app }: { withKey?: boolean; api?: typeof app } = {},
) {
  const { idToken, uid } = await signUp(email);
  const auth = { authorization: `Bearer ${idToken}` };
  if (withKey) {
    await request(api).put('/api/auth/api-key').set(auth).send({ api_key: USER_KEY }).expect(200);
  }
  return {
    uid,
    auth,
    get: (path: string) => request(api).get(`/api/courses${path}`).set(auth),
    post: (path: string, body: object = {}) =>
      request(api).post(`/api/courses${path}`).set(auth).send(body),
    delete: (path: string) => request(api).delete(`/api/courses${path}`).set(auth),
    /** `POST /api/courses/add_course_audio` with `bytes` as the multipart field `field`. */
    upload: (bytes: Buffer, { field = 'audio', filename = 'course_audio.wav' } = {}) =>
      request(api)
        .post('/api/courses/add_course_audio')
        .set(auth)
        .attach(field, bytes, { filename, contentType: 'audio/wav' }),
    /** `POST /api/images/courses<path>`. */
    images: (path: string) => request(api).post(`/api/images/courses${path}`).set(auth).send({}),
  };
}

/** `POST path` asking for server-sent events; the body is the whole event text. */
export function streamedPost(client: Awaited<ReturnType<typeof author>>, path: string) {
  return client
    .post(path)
    .set('accept', 'text/event-stream')
    .buffer(true)
    .parse((stream, done) => {
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (text += chunk));
      stream.on('end', () => done(null, text));
    });
}

/** The local image folder; the suite creates it (`resetImages`), so it must be there. */
function localImageDir(): string {
  const root = getEnv().LOCAL_IMAGE_DIR;
  if (!root) throw new Error('LOCAL_IMAGE_DIR is not set although IMAGE_STORE is local.');
  return root;
}

/**
 * Every object in the image store (local disk offline, else the Storage emulator), sorted. A
 * folder that cannot be read is an error, never "no images".
 */
export async function storedImages(): Promise<string[]> {
  const env = getEnv();
  if (env.IMAGE_STORE === 'local') {
    const { readdir } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = localImageDir();
    const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(
      (error: unknown) => {
        throw new Error(`The image folder ${root} cannot be read`, { cause: error });
      },
    );
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .sort();
  }
  const [files] = await adminStorage().bucket(env.STORAGE_BUCKET).getFiles();
  return files.map((file) => file.name).sort();
}

/** Empties the image store between tests. */
export async function resetImages(): Promise<void> {
  const env = getEnv();
  if (env.IMAGE_STORE === 'local') {
    const { rm, mkdir } = await import('node:fs/promises');
    const root = localImageDir();
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    return;
  }
  await adminStorage().bucket(env.STORAGE_BUCKET).deleteFiles({ force: true });
}

/** The bytes an image URL serves: through the API for the local store, else over HTTP. */
export async function fetchImage(
  url: string,
): Promise<{ status: number; type: string; bytes: Buffer }> {
  if (url.startsWith('/api/')) {
    const response = await request(app).get(url).buffer(true);
    return { status: response.status, type: response.type, bytes: response.body as Buffer };
  }
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A real 16 kHz mono 16-bit PCM WAV file: `seconds` of a 440 Hz tone. */
export function toneWav(seconds: number): Buffer {
  const sampleRate = 16_000;
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  }
  return wav;
}
