import {
  SOURCE_FILE_FIELD,
  SOURCE_MESSAGES,
  apiErrorSchema,
  citationsRemovedMessage,
  generatedLessonSchema,
  type GenerationJob,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp, createSourceReader } from '../../functions/src/app';
import type { TaskQueue } from '../../functions/src/lib/tasks/task-queue';
import type { ExtractSourceTask } from '../../functions/src/modules/sources';
import { pdfWithPages } from '../fixtures/source-files';
import {
  author,
  geminiRequests,
  promptOf,
  queueFaults,
  resetFake,
  streamedPost,
} from './support/ai';
import { expectOnlyCallsCounted } from './support/budget';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';
import { pollJob, settled } from './support/jobs';

/**
 * Generation from the author's sources, end to end on the fake Gemini: each level's prompt
 * carries the passages chosen for it, lessons are checked before they are stored, and nothing
 * is generated while a source is being read. Sources are read in-process (their queue does
 * nothing), so a test decides when a source stops Reading….
 */
const quiet: TaskQueue<ExtractSourceTask> = { enqueue: async () => {}, remove: async () => {} };
const held = createApp({ sourceQueue: quiet });
const reader = createSourceReader({ sourceQueue: quiet });
const JOB_TIMEOUT_MS = 90_000;

const SOURCE = 'Handbook.pdf';
const PAGES = 30;
/** The page that matches the course (its name is in every query), near the end on purpose. */
const MATCHING_PAGE = 28;
const MATCHING = 'Tidal bores rush upstream when the flood tide meets a narrowing estuary.';
/** A page no query matches, right after it: left out wherever the budget is short. */
const UNRELATED_PAGE = 29;
const UNRELATED = 'Obsidian forms when lava cools too quickly for crystals to grow.';
const FILLER = 'granite basalt quartz feldspar mica shale limestone sandstone marble slate'.split(
  ' ',
);
const mark = (page: number) => `[${SOURCE}, page ${page}]`;

/** About 3,000 characters (750 estimated tokens) of words no query holds. */
function fillerPage(seed: number): string {
  const words: string[] = [];
  for (let i = 0; words.join(' ').length < 3000; i += 1) {
    const word = FILLER[(seed * 7 + i * 3) % FILLER.length] ?? 'granite';
    words.push(i % 10 === 9 ? `${word}.` : word);
  }
  return words.join(' ');
}

/**
 * 30 pages, about 22,500 tokens: more than a lesson's or a question's passages may hold, less
 * than a chapter's, so lower levels must choose.
 */
async function handbook(): Promise<Uint8Array> {
  return pdfWithPages(
    Array.from({ length: PAGES }, (_, index) => {
      const page = index + 1;
      if (page === MATCHING_PAGE) return `${MATCHING} ${fillerPage(page)}`;
      if (page === UNRELATED_PAGE) return `${UNRELATED} ${fillerPage(page)}`;
      return fillerPage(page);
    }),
  );
}

let people = 0;

/** An author on the app whose source reads wait for `read`, with a key of their own. */
async function sourcesAuthor(name: string) {
  people += 1;
  const client = await author(`${name}-${Date.now()}-${people}@example.com`, { api: held });
  const apiKey = `AIzaGrounded${people}x${Date.now()}`;
  await request(held)
    .put('/api/auth/api-key')
    .set(client.auth)
    .send({ api_key: apiKey })
    .expect(200);
  return {
    ...client,
    apiKey,
    /** What this author's key asked the fake, in order. */
    prompts: async () =>
      (await geminiRequests())
        .filter((sent) => sent.apiKey === apiKey)
        .map((s) => promptOf(s) ?? ''),
    /** Creates an outline item by hand; answers its path. */
    async create(parent: string, level: string, body: object): Promise<string> {
      const response = await client.post(`${parent}/${level}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return `${parent}/${level}/${(response.body as { id: string }).id}`;
    },
    /** Adds a source, left Reading… until `read`. */
    async addSource(c: string, bytes: Uint8Array, fileName: string): Promise<string> {
      const response = await request(held)
        .post(`/api/courses${c}/sources`)
        .set(client.auth)
        .attach(SOURCE_FILE_FIELD, Buffer.from(bytes), fileName);
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      return (response.body as { source: { id: string } }).source.id;
    },
    async read(c: string, sourceId: string): Promise<void> {
      await reader.readSource({ courseId: c.slice(1), sourceId, generation: 1 }, { retryCount: 0 });
      const listed = await client.get(`${c}/sources`).expect(200);
      expect(listed.body.sources.map((s: { status: string }) => s.status)).toEqual(['ready']);
    },
  };
}
type SourcesAuthor = Awaited<ReturnType<typeof sourcesAuthor>>;

/** A course with the handbook read, and a subject, chapter and topic written by hand. */
async function groundedCourse(client: SourcesAuthor, description = '') {
  const created = await client.post('/create-manual', { name: 'Tidal Bores', description });
  expect(created.status).toBe(201);
  const c = `/${(created.body as { id: string }).id}`;
  await client.read(c, await client.addSource(c, await handbook(), SOURCE));
  return c;
}

function expectPassages(prompt: string, what: string, { chosen }: { chosen: boolean }) {
  expect(prompt, what).toContain(mark(MATCHING_PAGE));
  expect(prompt, what).toContain(MATCHING);
  if (!chosen) return;
  expect(prompt, `${what}: the unrelated page`).not.toContain(UNRELATED);
  expect(prompt, `${what}: the unrelated page`).not.toContain(mark(UNRELATED_PAGE));
}

function eventsOf(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>,
    }));
}

describe('generation from sources', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  it('every level’s prompt carries its passages, marked; lower levels only the matching ones', async () => {
    const ada = await sourcesAuthor('ada');
    const c = await groundedCourse(ada);

    // A plan that fails keeps the course as it was, description included.
    const broken = { malformed: true, apiKey: ada.apiKey, promptIncludes: 'Plan the subjects' };
    await queueFaults(broken, broken, broken);
    expect((await ada.post(`${c}/generate_subjects`)).status).toBe(502);
    expect(((await ada.get(c)).body as { description: string }).description).toBe('');
    await resetFake();

    // No description yet: the course's is written from the sources first, then its subjects.
    const subjects = await ada.post(`${c}/generate_subjects`);
    expect(subjects.status, JSON.stringify(subjects.body)).toBe(200);
    const described = (await ada.get(c)).body as { name: string; description: string };
    expect(described.description).not.toBe('');
    const [coursePrompt, subjectsPrompt] = await ada.prompts();
    expect(coursePrompt).toContain('propose the course');
    expect(subjectsPrompt).toContain(`Course description: ${described.description}`);

    const s = `${c}/subjects/${(subjects.body as { id: string }[])[0]?.id}`;
    const chapters = await ada.post(`${s}/generate_chapters`);
    expect(chapters.status).toBe(200);
    const ch = `${s}/chapters/${(chapters.body as { id: string }[])[0]?.id}`;
    const topics = await ada.post(`${ch}/generate_topics`);
    expect(topics.status).toBe(200);
    const t = `${ch}/topics/${(topics.body as { id: string }[])[0]?.id}`;
    const lesson = await ada.post(`${t}/generate_content`);
    expect(lesson.status).toBe(200);
    expect((await ada.post(`${t}/generate_questions`)).status).toBe(200);
    const again = await ada.post(`${t}/generate_content`, { instructions: 'More on estuaries' });
    expect(again.status).toBe(200);

    const prompts = await ada.prompts();
    expect(prompts).toHaveLength(7);
    const [course, subjectsOf, chaptersOf, topicsOf, lessonOf, questionsOf, regenerated] =
      prompts as [string, string, string, string, string, string, string];
    expectPassages(course, 'course', { chosen: false });
    expectPassages(subjectsOf, 'subjects', { chosen: false });
    expectPassages(chaptersOf, 'chapters', { chosen: false });
    expectPassages(topicsOf, 'topics', { chosen: false });
    expectPassages(lessonOf, 'lesson', { chosen: true });
    expectPassages(questionsOf, 'questions', { chosen: true });
    expectPassages(regenerated, 'regenerated lesson', { chosen: true });
    expect(regenerated).toContain('More on estuaries');
    // The levels that may hold everything do; the lesson cites as told.
    expect(course).toContain(UNRELATED);
    expect(lessonOf).toContain('[^1]: Safety Handbook.pdf, page 12:');
    expect(questionsOf).not.toContain('[^1]: Safety Handbook.pdf');
  });

  it('a quote not on its page is removed and counted, the rest renumbered (JSON and stream)', async () => {
    const bo = await sourcesAuthor('bo');
    const c = await groundedCourse(bo, 'Bores in rivers.');
    const s = await bo.create(c, 'subjects', { name: 'Tidal bores' });
    const ch = await bo.create(s, 'chapters', { name: 'Estuaries' });
    const t = await bo.create(ch, 'topics', { name: 'Tidal bores' });

    await queueFaults({ badCitations: 1, apiKey: bo.apiKey });
    const json = await bo.post(`${t}/generate_content`);
    expect(json.status).toBe(200);
    const answered = generatedLessonSchema.parse(json.body);
    expect(answered.removed_citations).toBe(1);
    expect(answered.content).not.toContain('found on no page');
    expect(answered.content).toMatch(/\[\^1\]: Handbook\.pdf, page 1: "/);
    expect(answered.content).toMatch(/\[\^2\]: Handbook\.pdf, page 2: "/);
    expect(answered.content).not.toContain('[^3]');
    expect((await bo.get(`${t}/content`)).body).toBe(answered.content);

    await queueFaults({ badCitations: 2, apiKey: bo.apiKey });
    const streamed = await streamedPost(bo, `${t}/generate_content`);
    const events = eventsOf(streamed.body as string);
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => String(e.data.text));
    expect(chunks.join('')).toContain('found on no page');
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const checked = generatedLessonSchema.parse(done?.data);
    expect(checked.removed_citations).toBe(2);
    expect(checked.content).not.toContain('found on no page');
    expect(checked.content).toContain('[^2]: Handbook.pdf, page 2:');
    expect((await bo.get(`${t}/content`)).body).toBe(checked.content);
  });

  it('quotes with ligatures, curly quotes, a hyphenated line break or an ellipsis pass', async () => {
    const cy = await sourcesAuthor('cy');
    const created = await cy.post('/create-manual', { name: 'Pumps', description: 'Pumps.' });
    const c = `/${(created.body as { id: string }).id}`;
    const notes = [
      'The ﬁrst ﬁlter traps the ﬁnest grit.',
      'The pump’s housing stays “dry” at all times.',
      'Wear eye protec-',
      'tion when you open the casing.',
      'Drain the tank, close the inlet valve and then restart the pump slowly.',
    ].join('\n');
    await cy.read(c, await cy.addSource(c, new TextEncoder().encode(notes), 'notes.txt'));
    const s = await cy.create(c, 'subjects', { name: 'Pumps' });
    const ch = await cy.create(s, 'chapters', { name: 'Care' });
    const t = await cy.create(ch, 'topics', { name: 'Filters' });
    const cite = (id: number, quote: string) => `[^${id}]: notes.txt, section “Start”: "${quote}"`;
    const lessonText = [
      '## Filters',
      '',
      'Grit.[^1] Housing.[^2] Eyes.[^3] Restart.[^4] Made up.[^5]',
      '',
      cite(1, 'The first filter traps the finest grit.'),
      cite(2, 'The pump\'s housing stays "dry" at all times.'),
      cite(3, 'Wear eye protection when you open the casing.'),
      cite(4, 'Drain the tank … restart the pump slowly.'),
      cite(5, 'Restart the pump before draining the tank.'),
    ].join('\n');
    await queueFaults({ lessonText, apiKey: cy.apiKey });
    const generated = await cy.post(`${t}/generate_content`);
    expect(generated.status).toBe(200);
    const lesson = generatedLessonSchema.parse(generated.body);
    expect(lesson.removed_citations).toBe(1);
    expect(lesson.content).toContain(cite(4, 'Drain the tank … restart the pump slowly.'));
    expect(lesson.content).toContain(cite(1, 'The first filter traps the finest grit.'));
    expect(lesson.content).not.toContain('before draining');
  });

  it('answers 409 while a source is Reading…, storing and charging nothing; once Ready it generates', async () => {
    const di = await sourcesAuthor('di');
    const created = await di.post('/create-manual', { name: 'Tidal Bores' });
    const c = `/${(created.body as { id: string }).id}`;
    const s = await di.create(c, 'subjects', { name: 'Bores' });
    const ch = await di.create(s, 'chapters', { name: 'Estuaries' });
    const t = await di.create(ch, 'topics', { name: 'Tidal bores' });
    await di.post(`${t}/content`, { content: '## Bores\n\nA lesson.' }).expect(201);
    const sourceId = await di.addSource(c, await handbook(), SOURCE);
    const before = await snapshotDatabase();

    const refusals = await Promise.all([
      di.post(`${c}/generate_subjects`),
      di.post(`${s}/generate_chapters`),
      di.post(`${ch}/generate_topics`, { instructions: 'Shorter' }),
      di.post(`${t}/generate_content`),
      streamedPost(di, `${t}/generate_content`),
      di.post(`${t}/generate_questions`),
      di.post(`${c}/generate_all`),
    ]);
    for (const refused of refusals) {
      expect(refused.status, refused.text).toBe(409);
      // The stream's refusal comes before it opens: plain JSON, read here as text.
      const body: unknown =
        typeof refused.body === 'string' ? JSON.parse(refused.body) : refused.body;
      expect(apiErrorSchema.parse(body)).toEqual({
        code: 'SOURCES_READING',
        error: SOURCE_MESSAGES.stillReading,
      });
    }
    expect(await expectOnlyCallsCounted(before)).toBe(0);

    await di.read(c, sourceId);
    const generated = await di.post(`${t}/generate_content`);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  });

  it(
    'a job’s lesson step writes from the passages and notes the citations it removed',
    { timeout: JOB_TIMEOUT_MS },
    async () => {
      const ed = await sourcesAuthor('ed');
      const c = await groundedCourse(ed, 'Bores in rivers.');
      const s = await ed.create(c, 'subjects', { name: 'Tidal bores' });
      const ch = await ed.create(s, 'chapters', { name: 'Estuaries' });
      await ed.create(ch, 'topics', { name: 'Tidal bores' });
      await queueFaults({ badCitations: 1, apiKey: ed.apiKey });

      const started = await ed.post(`${c}/generate_all`);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const jobId = (started.body as { job_id: string }).job_id;
      const job = await pollJob(
        async () => (await ed.get(`${c}/jobs/${jobId}`).expect(200)).body as GenerationJob,
        settled,
        JOB_TIMEOUT_MS - 10_000,
      );
      expect(job).toMatchObject({ status: 'finished', done: 1, failed: 0 });
      expect(job.noted_steps).toEqual([
        expect.objectContaining({
          level: 'lessons',
          name: 'Tidal bores',
          message: citationsRemovedMessage(1),
        }),
      ]);
      const [lessonPrompt] = await ed.prompts();
      expectPassages(lessonPrompt ?? '', 'job lesson', { chosen: true });
    },
  );
});
