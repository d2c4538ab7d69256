import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { startFakeGemini, type FakeGemini } from '../../../../scripts/lib/fake-gemini.mjs';
import { AI_MESSAGES, generateImage, generateJson, streamText } from './gemini-client';
import { httpFailureOf } from '../../testing/http-failure';

let fake: FakeGemini;
interface FakeRequest {
  model: string;
  apiKey: string | null;
  body: {
    generationConfig: { responseJsonSchema: { properties: Record<string, { type: string }> } };
  };
}

const control = (path: string, method: string, body?: unknown): Promise<unknown> =>
  fetch(`${fake.url}/__fake${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => response.json());
const sentRequests = () => control('/requests', 'GET') as Promise<FakeRequest[]>;
const queueFaults = (...faults: object[]) => control('/faults', 'POST', { faults });

const outlineSchema = z.object({
  subjects: z
    .array(z.object({ name: z.string().min(1), description: z.string() }))
    .min(1)
    .max(8),
});

beforeAll(async () => {
  fake = await startFakeGemini();
  vi.stubEnv('GOOGLE_GEMINI_BASE_URL', fake.url);
  vi.stubEnv('GEMINI_TIMEOUT_MS', '1500');
});
afterAll(() => fake.stop());
beforeEach(() => control('', 'DELETE'));

describe('generateJson', () => {
  it('answers validated JSON, sending the user’s key and the schema', async () => {
    const answer = await generateJson('user-key-1', {
      prompt: 'Subjects for "Linear Algebra"',
      schema: outlineSchema,
    });
    expect(answer.subjects.length).toBeGreaterThan(0);
    expect(answer.subjects[0]?.name).toContain('Linear Algebra');
    const [request] = await sentRequests();
    expect(request?.apiKey).toBe('user-key-1');
    expect(request?.model).toBe('gemini-2.5-flash');
    expect(request?.body.generationConfig.responseJsonSchema.properties.subjects?.type).toBe(
      'array',
    );
  });

  it('asks once more when an answer does not validate, then gives up', async () => {
    await queueFaults({ malformed: true });
    await expect(generateJson('k', { prompt: '"A"', schema: outlineSchema })).resolves.toBeTruthy();
    expect(await sentRequests()).toHaveLength(2);

    await control('', 'DELETE');
    await queueFaults({ malformed: true }, { empty: true });
    const error = await httpFailureOf(generateJson('k', { prompt: '"A"', schema: outlineSchema }));
    expect([error.status, error.message]).toEqual([502, AI_MESSAGES.invalidAnswer]);
    expect(await sentRequests()).toHaveLength(2);
  });

  it.each([
    [400, 400, AI_MESSAGES.keyRejected],
    [429, 429, AI_MESSAGES.quotaExhausted],
    [500, 502, AI_MESSAGES.unavailable],
  ])(
    'maps a Gemini %i to %i with a message that says which it was',
    async (fault, status, message) => {
      await queueFaults({ status: fault });
      const error = await httpFailureOf(
        generateJson('k', { prompt: '"A"', schema: outlineSchema }),
      );
      expect([error.status, error.message]).toEqual([status, message]);
    },
  );

  it('reports a timeout as such', async () => {
    await queueFaults({ delayMs: 2500 });
    const error = await httpFailureOf(generateJson('k', { prompt: '"A"', schema: outlineSchema }));
    expect([error.status, error.message]).toEqual([504, AI_MESSAGES.timedOut]);
  });
});

describe('streamText', () => {
  it('yields the lesson in several chunks', async () => {
    const chunks: string[] = [];
    for await (const chunk of streamText('k', 'A lesson on "Vectors"')) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toMatch(/^## Vectors/);
  });

  it('maps a failed stream', async () => {
    await queueFaults({ status: 429 });
    const consume = async () => {
      for await (const _chunk of streamText('k', '"x"')) void _chunk;
    };
    const error = await httpFailureOf(consume());
    expect(error.status).toBe(429);
  });
});

describe('generateImage', () => {
  it('answers the image bytes', async () => {
    const image = await generateImage('k', 'A cover for "Geometry"');
    expect(image.mimeType).toBe('image/png');
    expect(image.data.subarray(1, 4).toString('ascii')).toBe('PNG');
    const [request] = await sentRequests();
    expect(request?.model).toBe('gemini-2.5-flash-image');
  });

  it('treats an answer without an image as invalid', async () => {
    await queueFaults({ empty: true });
    const error = await httpFailureOf(generateImage('k', '"x"'));
    expect(error.message).toBe(AI_MESSAGES.invalidAnswer);
  });
});

describe('answers that end early', () => {
  const DECLINED = ['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII'];
  const drain = async (prompt: string) => {
    const chunks: string[] = [];
    for await (const chunk of streamText('k', prompt)) chunks.push(chunk);
    return chunks;
  };
  const calls = {
    json: () => generateJson('k', { prompt: '"A"', schema: outlineSchema }),
    stream: () => drain('A lesson on "Vectors"'),
    image: () => generateImage('k', 'A cover for "Geometry"'),
  };
  const cutOff = {
    json: "Gemini's answer was cut off. Please try again.",
    stream:
      'The lesson was cut off before it ended. Please try again or shorten the lesson length.',
    image: "Gemini's answer was cut off. Please try again.",
  };
  const declined = 'Gemini declined to write this. Please rephrase the course or the instructions.';
  const kinds = Object.keys(calls) as (keyof typeof calls)[];

  it.each(kinds)(
    '%s: an answer cut off at the output limit fails, asked only once',
    async (kind) => {
      await queueFaults({ finishReason: 'MAX_TOKENS' });
      const error = await httpFailureOf(calls[kind]());
      expect([error.status, error.code, error.message]).toEqual([
        502,
        'GEMINI_CUT_OFF',
        cutOff[kind],
      ]);
      expect(await sentRequests()).toHaveLength(1);
    },
  );

  it.each(kinds.flatMap((kind) => DECLINED.map((reason) => [kind, reason] as const)))(
    '%s: an answer stopped for %s is declined',
    async (kind, reason) => {
      await queueFaults({ finishReason: reason });
      const error = await httpFailureOf(calls[kind]());
      expect([error.status, error.code, error.message]).toEqual([422, 'GEMINI_DECLINED', declined]);
      expect(await sentRequests()).toHaveLength(1);
    },
  );

  it.each(kinds)('%s: a blocked prompt is declined', async (kind) => {
    await queueFaults({ blockReason: 'SAFETY' });
    const error = await httpFailureOf(calls[kind]());
    expect([error.status, error.code, error.message]).toEqual([422, 'GEMINI_DECLINED', declined]);
  });

  it('a stream that ends early has yielded its first chunks before it fails', async () => {
    await queueFaults({ finishReason: 'MAX_TOKENS' });
    const chunks: string[] = [];
    const consume = async () => {
      for await (const chunk of streamText('k', 'A lesson on "Vectors"')) chunks.push(chunk);
    };
    const error = await httpFailureOf(consume());
    expect(error.code).toBe('GEMINI_CUT_OFF');
    expect(chunks.length).toBeGreaterThan(0);
  });
});

describe('Gemini busy or unavailable', () => {
  const json = () => generateJson('k', { prompt: '"A"', schema: outlineSchema });

  it('a 429 with a retry delay says when to try again, as Retry-After too', async () => {
    await queueFaults({ status: 429, retryDelay: '16.2s' });
    const error = await httpFailureOf(json());
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'GEMINI_BUSY',
      'Gemini is busy for your key. Please try again in 17 seconds.',
    ]);
    expect(error.headers).toEqual({ 'Retry-After': '17' });
    expect(error.details).toEqual({ retry_after_seconds: 17 });
  });

  it('a streamed lesson refused with a retry delay says so too', async () => {
    await queueFaults({ status: 429, retryDelay: '3s' });
    const consume = async () => {
      for await (const _chunk of streamText('k', '"x"')) void _chunk;
    };
    const error = await httpFailureOf(consume());
    expect([error.code, error.message]).toEqual([
      'GEMINI_BUSY',
      'Gemini is busy for your key. Please try again in 3 seconds.',
    ]);
  });

  it('a 429 without retry details keeps the quota message', async () => {
    await queueFaults({ status: 429 });
    const error = await httpFailureOf(json());
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'GEMINI_UNAVAILABLE',
      AI_MESSAGES.quotaExhausted,
    ]);
    expect(error.headers).toEqual({});
  });

  it('a 503 UNAVAILABLE is Gemini being unavailable', async () => {
    await queueFaults({ status: 503 });
    const error = await httpFailureOf(generateImage('k', '"x"'));
    expect([error.status, error.code, error.message]).toEqual([
      502,
      'GEMINI_UNAVAILABLE',
      AI_MESSAGES.unavailable,
    ]);
  });
});
