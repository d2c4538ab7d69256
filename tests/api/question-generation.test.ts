import {
  GENERATED_QUESTION_PROBLEMS,
  QUESTION_MESSAGES,
  QUESTION_TYPES,
  aiUsageSchema,
  type ErrorCode,
  type QuestionGenerationResult,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import { GENERATION_BUSY } from '../../functions/src/modules/generation/gemini-access';
import type { FakeFault } from '../../scripts/lib/fake-gemini.mjs';
import {
  USER_KEY,
  app,
  author,
  type FakeRequest,
  geminiRequests,
  promptOf,
  queueFaults,
  resetFake,
} from './support/ai';
import { expectOnlyCallsCounted } from './support/budget';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';
import { atWindowEdge, limitsWith } from './support/limits';
import { seedQuestions, seededQuestion, storedQuestions } from './support/seeded-questions';

/**
 * Generate Questions against the fake Gemini: what is asked, what is kept, what the author is
 * told, and that nothing is stored when anything fails.
 */

type Client = Awaited<ReturnType<typeof author>>;

const LESSON = '## Tides\n\nThe Moon pulls the oceans: two high tides a day.';

/** A course made by hand down to one topic, with a lesson unless told not to; its topic path. */
async function topicOf(client: Client, { lesson = true } = {}) {
  const course = (await client.post('/create-manual', { name: 'Oceans' })).body.id as string;
  const s = `/${course}/subjects/${(await client.post(`/${course}/subjects`, { name: 'Moon' })).body.id}`;
  const ch = `${s}/chapters/${(await client.post(`${s}/chapters`, { name: 'Pulls' })).body.id}`;
  const t = `${ch}/topics/${(await client.post(`${ch}/topics`, { name: 'Tides' })).body.id}`;
  if (lesson) await client.post(`${t}/content`, { content: LESSON }).expect(201);
  return t;
}

const generate = (client: Client, topic: string, body: object = {}) =>
  client.post(`${topic}/generate_questions`, body);

/** How many questions a request asked Gemini for (its response schema's count). */
function countAsked(sent: FakeRequest | undefined): number | undefined {
  const body = sent?.body as {
    generationConfig?: {
      responseJsonSchema?: { properties?: { questions?: { minItems?: number } } };
    };
  };
  return body?.generationConfig?.responseJsonSchema?.properties?.questions?.minItems;
}

const messageOf = (result: QuestionGenerationResult) => result.message;

describe('Generate Questions', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  it('generates 5 questions on the lesson, of every type, with the author’s key', async () => {
    const client = await author('five@example.com');
    const topic = await topicOf(client);
    const response = await generate(client, topic);
    expect(response.status).toBe(200);
    const result = response.body as QuestionGenerationResult;
    expect(result).toMatchObject({ added: 5, discarded: 0, message: 'Generated 5 questions.' });
    expect(result.questions).toHaveLength(5);
    expect(await storedQuestions(topic)).toEqual(result.questions);
    expect(new Set(result.questions.map((question) => question.type))).toEqual(
      new Set(QUESTION_TYPES),
    );
    for (const question of result.questions) {
      expect(question.origin).toBe('generated');
      expect(question.quiz_only).toBe(false);
      expect(question.id).toMatch(/^[A-Za-z0-9]{20}$/);
    }
    const ids = result.questions.flatMap((question) => [
      question.id,
      ...('options' in question ? question.options.map((option) => option.id) : []),
      ...('items' in question ? question.items.map((item) => item.id) : []),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    const [sent, ...more] = await geminiRequests();
    expect(more).toEqual([]);
    expect(sent?.apiKey).toBe(USER_KEY);
    expect(countAsked(sent)).toBe(5);
    const prompt = promptOf(sent) ?? '';
    expect(prompt).toContain('"Tides"');
    expect(prompt).toContain('The Moon pulls the oceans');
    expect(prompt).toContain('Write in "English"');
  });

  it('asks once more for the invalid questions, saying what was wrong, and keeps the replacements', async () => {
    const client = await author('reask@example.com');
    const topic = await topicOf(client);
    await queueFaults({ invalidQuestions: 1 });
    const response = await generate(client, topic);
    expect(messageOf(response.body)).toBe('Generated 5 questions.');
    expect(response.body).toMatchObject({ added: 5, discarded: 0 });
    const [first, second] = await geminiRequests();
    expect(countAsked(first)).toBe(5);
    expect(countAsked(second)).toBe(1);
    expect(promptOf(second)).toContain(
      `Question 1: ${GENERATED_QUESTION_PROBLEMS.keyNamesNoOption}`,
    );
    // The re-ask knows the questions kept so far, so it does not repeat them.
    expect(promptOf(second)).toContain('question 2 on Tides');
    expect(await storedQuestions(topic)).toHaveLength(5);
  });

  it('drops what is still invalid after the re-ask, and says how many', async () => {
    const client = await author('dropped@example.com');
    const topic = await topicOf(client);
    await queueFaults({ invalidQuestions: 1 }, { invalidQuestions: 1 });
    const one = await generate(client, topic);
    expect(one.body).toMatchObject({
      added: 4,
      discarded: 1,
      message: 'Generated 4 questions (1 discarded as invalid).',
    });
    expect(await storedQuestions(topic)).toHaveLength(4);

    // Each of the four ways a question can contradict itself, on both asks: only one is kept.
    await resetFake();
    await queueFaults({ invalidQuestions: 4 }, { invalidQuestions: 4 });
    const four = await generate(client, topic);
    expect(four.body).toMatchObject({
      added: 1,
      discarded: 4,
      message: 'Generated 1 question (4 discarded as invalid).',
    });
    const problems = promptOf((await geminiRequests())[1]) ?? '';
    for (const problem of [
      GENERATED_QUESTION_PROBLEMS.keyNamesNoOption,
      QUESTION_MESSAGES.duplicateOptions,
      QUESTION_MESSAGES.multipleNeedsOne,
      QUESTION_MESSAGES.duplicateItems,
    ]) {
      expect(problems).toContain(problem);
    }
    const stored = await storedQuestions(topic);
    expect(stored).toHaveLength(5);
    expect(stored.some((question) => question.text.startsWith('Broken'))).toBe(false);
  });

  it('adds only what fits under 20: "Generated 1 question." at 19', async () => {
    const client = await author('nineteen@example.com');
    const topic = await topicOf(client);
    await seedQuestions(
      topic,
      Array.from({ length: 19 }, (_, n) => seededQuestion(n)),
    );
    const response = await generate(client, topic);
    expect(response.body).toMatchObject({ added: 1, discarded: 0 });
    expect(messageOf(response.body)).toBe('Generated 1 question.');
    expect(countAsked((await geminiRequests())[0])).toBe(1);
    const stored = await storedQuestions(topic);
    expect(stored).toHaveLength(20);
    expect(stored.slice(0, 19).map((question) => question.id)).toEqual(
      Array.from({ length: 19 }, (_, n) => seededQuestion(n).id),
    );
  });

  it('none valid: 502 with its message, and nothing stored', async () => {
    const client = await author('none@example.com');
    const topic = await topicOf(client);
    await seedQuestions(topic, [seededQuestion(1)]);
    const before = await snapshotDatabase();
    await queueFaults({ invalidQuestions: 5 }, { invalidQuestions: 5 });
    const response = await generate(client, topic);
    expect([response.status, response.body]).toEqual([
      502,
      { error: QUESTION_MESSAGES.noneValid, code: 'GEMINI_UNAVAILABLE' },
    ]);
    expect(await expectOnlyCallsCounted(before)).toBe(2);
  });

  it('is refused for a topic without a lesson and at 20 questions, asking Gemini nothing', async () => {
    const client = await author('refused@example.com');
    const bare = await topicOf(client, { lesson: false });
    const noLesson = await generate(client, bare);
    expect([noLesson.status, noLesson.body]).toEqual([
      409,
      { error: QUESTION_MESSAGES.noLesson, code: 'CONFLICT' },
    ]);

    const full = await topicOf(client);
    await seedQuestions(
      full,
      Array.from({ length: 20 }, (_, n) => seededQuestion(n)),
    );
    const before = await snapshotDatabase();
    for (const body of [{}, { mode: 'add' }, { mode: 'replace', instructions: 'Harder' }]) {
      const atLimit = await generate(client, full, body);
      expect([atLimit.status, atLimit.body]).toEqual([
        409,
        { error: QUESTION_MESSAGES.atLimit, code: 'CONFLICT' },
      ]);
    }
    expect(await snapshotDatabase()).toEqual(before);
    expect(await geminiRequests()).toEqual([]);
  });

  it('replace swaps the generated questions only, following the instructions; the author’s stay', async () => {
    const client = await author('replace@example.com');
    const topic = await topicOf(client);
    await seedQuestions(topic, [seededQuestion(1)]);
    await generate(client, topic).expect(200);
    await seedQuestions(topic, [seededQuestion(2)]);
    const before = await storedQuestions(topic);
    const oldGenerated = before.filter((question) => question.origin === 'generated');
    expect(oldGenerated).toHaveLength(5);

    await resetFake();
    const response = await generate(client, topic, {
      mode: 'replace',
      instructions: 'Ask about spring tides',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ added: 5, message: 'Generated 5 questions.' });
    const after = await storedQuestions(topic);
    expect(after).toEqual(response.body.questions);
    expect(after.slice(0, 2)).toEqual([seededQuestion(1), seededQuestion(2)]);
    const newGenerated = after.slice(2);
    expect(newGenerated).toHaveLength(5);
    expect(newGenerated.every((question) => question.origin === 'generated')).toBe(true);
    const oldIds = new Set(oldGenerated.map((question) => question.id));
    expect(newGenerated.some((question) => oldIds.has(question.id))).toBe(false);
    const prompt = promptOf((await geminiRequests())[0]) ?? '';
    expect(prompt).toContain('"Ask about spring tides"');
    expect(prompt).toContain('"Seeded question 2"');
    expect(prompt).not.toContain(oldGenerated[0]?.text ?? '');
  });

  it('refuses a bad body with 400 and another author’s topic with 404, asking Gemini nothing', async () => {
    const client = await author('body@example.com');
    const topic = await topicOf(client);
    for (const body of [{ mode: 'merge' }, { instructions: '   ' }, { extra: true }]) {
      const refused = await generate(client, topic, body);
      expect([refused.status, refused.body.code], JSON.stringify(body)).toEqual([
        400,
        'VALIDATION',
      ]);
    }
    const intruder = await author('intruder@example.com');
    const foreign = await generate(intruder, topic);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
    const keyless = await author('keyless@example.com', { withKey: false });
    const noKey = await generate(keyless, await topicOf(keyless));
    expect([noKey.status, noKey.body.error]).toEqual([403, AI_MESSAGES.noApiKey]);
    expect(await geminiRequests()).toEqual([]);
    expect(await storedQuestions(topic)).toEqual([]);
  });

  it('a second click while one runs gets the generations’ 409; the lock is freed after', async () => {
    const client = await author('twice@example.com');
    const topic = await topicOf(client);
    await queueFaults({ delayMs: 1500 });
    const first = generate(client, topic).then((response) => response);
    while ((await geminiRequests()).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const second = await generate(client, topic);
    expect([second.status, second.body]).toEqual([
      409,
      { error: GENERATION_BUSY, code: 'GENERATION_RUNNING' },
    ]);
    expect((await first).status).toBe(200);
    expect((await generate(client, topic)).status).toBe(200);
    expect(await storedQuestions(topic)).toHaveLength(10);
  });

  const ENDINGS: { name: string; faults: FakeFault[]; status: number; code: ErrorCode }[] = [
    {
      name: 'cut off',
      faults: [{ finishReason: 'MAX_TOKENS' }],
      status: 502,
      code: 'GEMINI_CUT_OFF',
    },
    {
      name: 'declined',
      faults: [{ finishReason: 'SAFETY' }],
      status: 422,
      code: 'GEMINI_DECLINED',
    },
    {
      name: 'blocked prompt',
      faults: [{ blockReason: 'SAFETY' }],
      status: 422,
      code: 'GEMINI_DECLINED',
    },
    {
      name: 'busy',
      faults: [{ status: 429, retryDelay: '17s' }],
      status: 429,
      code: 'GEMINI_BUSY',
    },
    { name: 'unavailable', faults: [{ status: 503 }], status: 502, code: 'GEMINI_UNAVAILABLE' },
    {
      name: 'cut off on the re-ask',
      faults: [{ invalidQuestions: 1 }, { finishReason: 'MAX_TOKENS' }],
      status: 502,
      code: 'GEMINI_CUT_OFF',
    },
    {
      name: 'malformed twice',
      faults: [{ malformed: true }, { malformed: true }],
      status: 502,
      code: 'GEMINI_UNAVAILABLE',
    },
  ];

  it.each(ENDINGS)('Gemini $name: its status and code, and nothing stored', async (ending) => {
    const client = await author(`ending@example.com`);
    const topic = await topicOf(client);
    await seedQuestions(topic, [seededQuestion(1)]);
    const before = await snapshotDatabase();
    await queueFaults(...ending.faults);
    const response = await generate(client, topic);
    expect([response.status, response.body.code]).toEqual([ending.status, ending.code]);
    expect(await expectOnlyCallsCounted(before)).toBe(ending.faults.length);
    expect(await storedQuestions(topic)).toEqual([seededQuestion(1)]);
  });

  it('charges the AI budget one call per Gemini request, the re-ask included', async () => {
    const client = await author('budget@example.com');
    const topic = await topicOf(client);
    const used = async () =>
      aiUsageSchema.parse(
        (await request(app).get('/api/ai-usage').set(client.auth).expect(200)).body,
      ).used;
    const start = await used();
    await generate(client, topic).expect(200);
    expect((await used()) - start).toBe(1);
    await queueFaults({ invalidQuestions: 2 });
    await generate(client, topic).expect(200);
    expect((await used()) - start).toBe(3);
    expect(await geminiRequests()).toHaveLength(3);
  });

  it('is limited as an AI request: past the limit 429, Gemini not asked, nothing stored', async () => {
    const api = createApp({ now: atWindowEdge, rateLimits: limitsWith({ ai: { perUser: 1 } }) });
    const client = await author('limited@example.com', { api });
    const topic = await topicOf(client);
    await request(api)
      .post(`/api/courses${topic}/generate_questions`)
      .set(client.auth)
      .send({})
      .expect(200);
    const before = await snapshotDatabase();
    const refused = await request(api)
      .post(`/api/courses${topic}/generate_questions`)
      .set(client.auth)
      .send({});
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(await snapshotDatabase()).toEqual(before);
    expect(await geminiRequests()).toHaveLength(1);
  });
});
