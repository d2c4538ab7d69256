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
