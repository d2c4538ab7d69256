import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { startFakeGemini, type FakeGemini } from '../../../../scripts/lib/fake-gemini.mjs';
import { HttpError } from '../http-error';
import { httpFailureOf } from '../../testing/http-failure';
import { withAiBudget } from './ai-budget';
import { generateImage, generateJson, streamText } from './gemini-client';

let fake: FakeGemini;
const control = (path: string, method: string, body?: unknown): Promise<unknown> =>
  fetch(`${fake.url}/__fake${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => response.json());
const sentCount = async () => ((await control('/requests', 'GET')) as unknown[]).length;

const schema = z.object({ name: z.string().min(1) });

/** A budget of `left` calls that records, at each charge, how many calls Gemini had received. */
function budget(left: number) {
  const sentAtCharge: number[] = [];
  const charge = async () => {
    sentAtCharge.push(await sentCount());
    if (left === 0) throw new HttpError(429, 'AI_BUDGET_SPENT', 'spent');
    left -= 1;
  };
  return { sentAtCharge, charge };
}

beforeAll(async () => {
  fake = await startFakeGemini();
  vi.stubEnv('GOOGLE_GEMINI_BASE_URL', fake.url);
});
afterAll(() => fake.stop());
beforeEach(() => control('', 'DELETE'));

describe('the daily budget in the Gemini client', () => {
  it('charges every call before it is sent: both tries of an invalid answer, a stream, an image', async () => {
    const { sentAtCharge, charge } = budget(10);
    await control('/faults', 'POST', { faults: [{ malformed: true }] });
    await withAiBudget(charge, async () => {
      await generateJson('k', { prompt: '"A"', schema });
      for await (const chunk of streamText('k', 'Write the lesson "B"')) expect(chunk).toBeTruthy();
      await generateImage('k', 'A cover');
    });
    expect(sentAtCharge).toEqual([0, 1, 2, 3]);
    expect(await sentCount()).toBe(4);
  });

  it('sends nothing once the budget refuses, and fails with the budget’s answer', async () => {
    const { charge } = budget(1);
    await control('/faults', 'POST', { faults: [{ malformed: true }] });
    const failure = await httpFailureOf(
      withAiBudget(charge, () => generateJson('k', { prompt: '"A"', schema })),
    );
    expect([failure.status, failure.code]).toEqual([429, 'AI_BUDGET_SPENT']);
    expect(await sentCount()).toBe(1);
    const image = withAiBudget(charge, () => generateImage('k', 'A cover'));
    expect((await httpFailureOf(image)).code).toBe('AI_BUDGET_SPENT');
    const stream = withAiBudget(charge, async () => {
      for await (const chunk of streamText('k', 'Write the lesson "B"')) return chunk;
    });
    expect((await httpFailureOf(stream)).code).toBe('AI_BUDGET_SPENT');
    expect(await sentCount()).toBe(1);
  });
});
