import { RATE_LIMIT_MESSAGES, aiUsageSchema } from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import {
  GENERATION_BUSY,
  TOO_MANY_AI_REQUESTS,
} from '../../functions/src/modules/generation/gemini-access';
import {
  app,
  author,
  fakeSettings,
  geminiRequests,
  queueFaults,
  resetFake,
  resetImages,
  storedImages,
  streamedPost,
} from './support/ai';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';
import { limitsWith } from './support/limits';

type Client = Awaited<ReturnType<typeof author>>;

/** The caller's Gemini calls counted today, as `GET /api/ai-usage` reports them. */
async function used(api: typeof app, client: Client): Promise<number> {
  const usage = await request(api).get('/api/ai-usage').set(client.auth).expect(200);
  return aiUsageSchema.parse(usage.body).used;
}

/** A course with `count` subjects, one chapter and one topic made by hand (no Gemini call). */
async function course(client: Client, count: number) {
  const id = (await client.post('/create-manual', { name: 'Astronomy' })).body.id as string;
  const subjects: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    subjects.push((await client.post(`/${id}/subjects`, { name: `Planet ${index}` })).body.id);
  }
  const s = `/${id}/subjects/${subjects[0]}`;
  const chapter = (await client.post(`${s}/chapters`, { name: 'Orbits' })).body.id as string;
  const ch = `${s}/chapters/${chapter}`;
  const topic = (await client.post(`${ch}/topics`, { name: 'Kepler' })).body.id as string;
  return { id, s, ch, t: `${ch}/topics/${topic}` };
}

/** Waits until the fake Gemini has received `count` requests since it was reset. */
async function untilGeminiReceived(count: number): Promise<void> {
  while ((await geminiRequests()).length < count) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the daily AI budget counts Gemini calls', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('a request that makes N calls spends N: an answer asked twice, a stream, every cover', async () => {
    const client = await author('counted@example.com');
    const tree = await course(client, 3);
    // Regenerating the subjects replaces the others' tree, so it comes last.
    const cases: [string, () => PromiseLike<unknown>, number][] = [
      [
        'a streamed lesson',
        async () => {
          const streamed = await streamedPost(client, `${tree.t}/generate_content`);
          expect(String(streamed.body)).toContain('event: done');
        },
        1,
      ],
      [
        'every subject cover',
        () => client.images(`/${tree.id}/subjects/generate-all`).expect(200),
        3,
      ],
      [
        'a cover Gemini failed to draw',
        async () => {
          await queueFaults({ status: 500 });
          await client.images(`/${tree.id}/generate`).expect(502);
        },
        1,
      ],
      [
        'subjects, the first answer invalid',
        async () => {
          await queueFaults({ malformed: true });
          await client.post(`/${tree.id}/generate_subjects`).expect(200);
        },
        2,
      ],
    ];
    for (const [what, send, calls] of cases) {
      await resetFake();
      const before = await used(app, client);
      await send();
      expect((await geminiRequests()).length, what).toBe(calls);
      expect((await used(app, client)) - before, what).toBe(calls);
    }
  });

  it('once the budget runs out during the subject covers, the covers not drawn are reported failed', async () => {
    const api = createApp({ rateLimits: limitsWith({}, { aiRequestsPerDay: 3 }) });
    const client = await author('covers@example.com', { api });
    const tree = await course(client, 5);

    const all = await request(api)
      .post(`/api/images/courses/${tree.id}/subjects/generate-all`)
      .set(client.auth)
      .send({});

    expect(all.status).toBe(200);
    expect(all.body.results).toHaveLength(3);
    expect(all.body.failed).toEqual([
      { id: expect.any(String), error: RATE_LIMIT_MESSAGES.aiBudgetUsed },
      { id: expect.any(String), error: RATE_LIMIT_MESSAGES.aiBudgetUsed },
    ]);
    expect(await used(api, client)).toBe(3);
    expect((await geminiRequests()).length).toBe(3);
    expect(await storedImages()).toHaveLength(3);
    const listed = (await client.get(`/${tree.id}/subjects`)).body as { image_url?: string }[];
    expect(listed.filter((subject) => subject.image_url)).toHaveLength(3);

    // Spent: the next request is refused before it reaches Gemini.
    const refused = await request(api)
      .post(`/api/images/courses/${tree.id}/generate`)
      .set(client.auth)
      .send({});
    expect([refused.status, refused.body.code]).toEqual([429, 'AI_BUDGET_SPENT']);
    expect((await geminiRequests()).length).toBe(3);
  });

  it('a refused request spends nothing: no key (403), the node busy (409), every slot taken (429)', async () => {
    const api = createApp({ aiRequestsPerUser: () => 1 });
    const client = await author('refused@example.com', { api });
    const keyless = await author('keyless@example.com', { api, withKey: false });
    const tree = await course(client, 1);
    const keylessCourse = (await keyless.post('/create-manual', { name: 'Tides' })).body
      .id as string;
    const post = (who: Client, path: string) =>
      request(api).post(`/api/courses${path}`).set(who.auth).send({});

    await fakeSettings({ replyDelayMs: 1500 });
    const running = post(client, `/${tree.id}/generate_subjects`).then((response) => response);
    await untilGeminiReceived(1);
    const before = await snapshotDatabase();

    const noKey = await post(keyless, `/${keylessCourse}/generate_subjects`);
    expect([noKey.status, noKey.body.error]).toEqual([403, AI_MESSAGES.noApiKey]);
    const busy = await post(client, `/${tree.id}/generate_subjects`);
    expect([busy.status, busy.body.error]).toEqual([409, GENERATION_BUSY]);
    const noSlot = await post(client, `${tree.s}/generate_chapters`);
    expect([noSlot.status, noSlot.body.error]).toEqual([429, TOO_MANY_AI_REQUESTS]);

    expect(await snapshotDatabase()).toEqual(before);
    expect((await running).status).toBe(200);
    expect(await used(api, client)).toBe(1);
    expect(await used(api, keyless)).toBe(0);
  });
});
