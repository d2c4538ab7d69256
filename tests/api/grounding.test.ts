import {
  SOURCE_FILE_FIELD,
  SOURCE_MESSAGES,
  changedLessonsSchema,
  citationFootnote,
  sourcesResponseSchema,
  type ChangedLessons,
} from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getEnv } from '../../functions/src/lib/env';
import { db } from '../../functions/src/lib/firestore/db';
import type { TopicPath } from '../../functions/src/lib/firestore/paths';
import type { SourceStore } from '../../functions/src/lib/storage/source-store';
import type { TaskQueue } from '../../functions/src/lib/tasks/task-queue';
import {
  citationsRepository,
  groundingService,
  type GroundingService,
} from '../../functions/src/modules/grounding';
import {
  OUTLINE_NOT_FOUND,
  createOutline,
  nodeDeletions,
  outlineRepository,
} from '../../functions/src/modules/outline';
import {
  sourcesRepository,
  sourcesService,
  type ExtractSourceTask,
} from '../../functions/src/modules/sources';
import { pdfWithPages } from '../fixtures/source-files';
import { app, author } from './support/ai';
import { orphanedDocuments } from './support/database';
import { resetEmulators } from './support/emulators';

/**
 * Source changed: lessons are checked and recorded by the generation code; here the grounding
 * service is built on the real repositories (as the app wires it) to check and record a lesson,
 * and the API shows which lessons cite a source since removed or replaced.
 */
const READ_TIMEOUT_MS = 90_000;
type Client = Awaited<ReturnType<typeof author>>;
const idOf = (response: request.Response) => response.body.id as string;

const unused = (): never => {
  throw new Error('Generation reads no file and queues nothing.');
};

/** The grounding service as the app wires it, reading sources within `budgetTokens`. */
function grounding(budgetTokens = getEnv().SOURCE_BUDGET_TOKENS): GroundingService {
  const outline = createOutline(outlineRepository(), nodeDeletions());
  const sources = sourcesService({
    outline,
    sources: sourcesRepository(),
    store: unused as () => SourceStore,
    queue: { enqueue: unused, remove: unused } as TaskQueue<ExtractSourceTask>,
    budgetTokens: () => budgetTokens,
    now: () => new Date(),
  });
  return groundingService({
    readSourceTexts: (courseId) => sources.readTexts(courseId),
    citations: citationsRepository(),
    outline,
  });
}

/** Course → subject → chapter → topics `a` and `b`. */
async function tree(client: Client) {
  const courseId = idOf(await client.post('/create-manual', { name: 'Wiring' }));
  const subjectId = idOf(await client.post(`/${courseId}/subjects`, { name: 'Safety' }));
  const s = `/${courseId}/subjects/${subjectId}`;
  const chapterId = idOf(await client.post(`${s}/chapters`, { name: 'Panels' }));
  const ch = `${s}/chapters/${chapterId}`;
  const a = idOf(await client.post(`${ch}/topics`, { name: 'Isolation' }));
  const b = idOf(await client.post(`${ch}/topics`, { name: 'Testing' }));
  const path = (topicId: string): TopicPath => ({ courseId, subjectId, chapterId, topicId });
  return { courseId, chapter: ch, a: path(a), b: path(b) };
}

async function addSource(client: Client, courseId: string, bytes: Uint8Array, name: string) {
  const response = await request(app)
    .post(`/api/courses/${courseId}/sources`)
    .set(client.auth)
    .attach(SOURCE_FILE_FIELD, Buffer.from(bytes), name);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.source.id as string;
}

async function untilRead(client: Client, courseId: string) {
  const deadline = Date.now() + READ_TIMEOUT_MS - 10_000;
  for (;;) {
    const listed = sourcesResponseSchema.parse(
      (await client.get(`/${courseId}/sources`).expect(200)).body,
    );
    if (listed.sources.every((source) => source.status === 'ready')) return listed;
    if (Date.now() > deadline) throw new Error(`Never read: ${JSON.stringify(listed)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function changed(client: Client, courseId: string): Promise<ChangedLessons['lessons']> {
  const response = await client.get(`/${courseId}/changed_lessons`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return changedLessonsSchema.parse(response.body).lessons;
}

const recordOf = async ({ courseId, topicId }: TopicPath) =>
  (await db().collection('lesson_citations').doc(`${courseId}_${topicId}`).get()).data();

const HANDBOOK_PAGES = [
  'Welcome to the workshop. The doors open at eight and close at six every weekday.',
  'Always isolate the circuit before opening the panel. Lock the isolator and keep the key.',
  'Fire extinguishers hang beside every exit. Check their pressure gauges each month.',
];
const NOTES = '# Wiring\n\nUse a 30 mA RCD on every socket circuit.\n';

const cite = (id: string, sourceName: string, label: string, quote: string, section = false) =>
  citationFootnote({
    id,
    sourceName,
    locator: { kind: section ? 'section' : 'page', label },
    quote,
  });

describe('grounding', () => {
  beforeEach(async () => {
    await resetEmulators();
  });

  it(
    'checks a lesson against the text read, and lists lessons citing a removed or replaced source',
    { timeout: READ_TIMEOUT_MS * 2 },
    async () => {
      const ada = await author(`ada-${Date.now()}@example.com`, { withKey: false });
      const course = await tree(ada);
      const { courseId } = course;
      expect(await grounding().forCourse(courseId)).toBeNull();

      const handbook = await addSource(
        ada,
        courseId,
        await pdfWithPages(HANDBOOK_PAGES),
        'Handbook.pdf',
      );
      const notes = await addSource(ada, courseId, new TextEncoder().encode(NOTES), 'Notes.md');
      await expect(grounding().forCourse(courseId)).rejects.toMatchObject({
        status: 409,
        code: 'SOURCES_READING',
        message: SOURCE_MESSAGES.stillReading,
      });
      await untilRead(ada, courseId);

      const loaded = (await grounding().forCourse(courseId))!;
      // Small sources fit any level's budget whole, in source order.
      const passages = loaded.passages('questions', ['Opening the panel safely']);
      expect(passages.map(({ sourceName, locator }) => `${sourceName} ${locator.label}`)).toEqual([
        'Handbook.pdf 1',
        'Handbook.pdf 2',
        'Handbook.pdf 3',
        'Notes.md Wiring',
      ]);
      expect(passages[1]?.text).toMatch(/Always isolate the circuit/);

      const lesson = [
        'Isolate first.[^a] Use an RCD.[^b] Extinguishers are red.[^c]',
        '',
        cite('a', 'Handbook.pdf', '3', 'Always isolate the circuit … keep the key.'),
        cite('b', 'Notes.md', 'Wiring', 'Use a 30 mA RCD', true),
        cite('c', 'Handbook.pdf', '3', 'Extinguishers are always red.'),
      ].join('\n');
      const checked = loaded.checkLesson(lesson);
      expect(checked.removed).toBe(1);
      expect(checked.markdown).toMatch(
        /^Isolate first\.\[\^1\] Use an RCD\.\[\^2\] Extinguishers are red\.\n/,
      );
      expect(checked.cited).toEqual([
        { sourceId: handbook, generation: 1, name: 'Handbook.pdf' },
        { sourceId: notes, generation: 1, name: 'Notes.md' },
      ]);

      await grounding().recordCitations(course.a, checked.cited);
      await grounding().recordCitations(course.b, checked.cited.slice(1));
      expect(await changed(ada, courseId)).toEqual([]);

      await ada.delete(`/${courseId}/sources/${notes}`).expect(204);
      const lessonA = { subject_id: course.a.subjectId, chapter_id: course.a.chapterId };
      expect(await changed(ada, courseId)).toEqual([
        { ...lessonA, topic_id: course.a.topicId, sources: ['Notes.md'] },
        { ...lessonA, topic_id: course.b.topicId, sources: ['Notes.md'] },
      ]);

      const replaced = await request(app)
        .put(`/api/courses/${courseId}/sources/${handbook}`)
        .set(ada.auth)
        .attach(
          SOURCE_FILE_FIELD,
          Buffer.from(await pdfWithPages(['Another text.'])),
          'Handbook.pdf',
        );
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(202);
      await untilRead(ada, courseId);
      expect(await changed(ada, courseId)).toEqual([
        { ...lessonA, topic_id: course.a.topicId, sources: ['Handbook.pdf', 'Notes.md'] },
        { ...lessonA, topic_id: course.b.topicId, sources: ['Notes.md'] },
      ]);

      const bob = await author(`bob-${Date.now()}@example.com`, { withKey: false });
      const foreign = await bob.get(`/${courseId}/changed_lessons`);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ error: OUTLINE_NOT_FOUND.courseId, code: 'NOT_FOUND' });

      // A lesson citing nothing has no record; a deleted topic's record goes with it.
      await grounding().recordCitations(course.b, []);
      expect(await recordOf(course.b)).toBeUndefined();
      await ada.delete(`${course.chapter}/topics/${course.a.topicId}`).expect(204);
      expect(await recordOf(course.a)).toBeUndefined();
      await grounding().recordCitations(course.a, checked.cited);
      expect(await recordOf(course.a)).toBeUndefined();
      expect(await changed(ada, courseId)).toEqual([]);
    },
  );

  it(
    'reads only the pages the coverage counts, and deletes the records with their course',
    { timeout: READ_TIMEOUT_MS },
    async () => {
      const ada = await author(`ada-${Date.now()}@example.com`, { withKey: false });
      const course = await tree(ada);
      const { courseId } = course;
      await addSource(ada, courseId, await pdfWithPages(HANDBOOK_PAGES), 'Handbook.pdf');
      const listed = await untilRead(ada, courseId);
      expect(listed.sources[0]?.pages).toBe(3);

      // A budget of two pages: the panel leaves page 3 out, and so does generation.
      const twoPages = Math.ceil((HANDBOOK_PAGES[0]!.length + HANDBOOK_PAGES[1]!.length) / 4) + 2;
      const loaded = (await grounding(twoPages).forCourse(courseId))!;
      const labels = loaded.passages('course', []).map((passage) => passage.locator.label);
      expect(labels).toEqual(['1', '2']);
      const lesson = [
        'Exits.[^1] Isolation.[^2]',
        '',
        cite('1', 'Handbook.pdf', '3', 'Fire extinguishers hang beside every exit.'),
        cite('2', 'Handbook.pdf', '2', 'Always isolate the circuit before opening the panel.'),
      ].join('\n');
      const checked = loaded.checkLesson(lesson);
      expect(checked.removedCitations).toMatchObject([{ reason: 'quote-not-found' }]);
      expect(checked.removed).toBe(1);
      // A source only a removed citation names is not cited.
      const onlyRemoved = loaded.checkLesson(`Exits.[^1]\n\n${lesson.split('\n')[2]}`);
      expect(onlyRemoved).toMatchObject({ removed: 1, cited: [] });

      await grounding().recordCitations(course.a, checked.cited);
      expect(await recordOf(course.a)).toMatchObject({ course_id: courseId });
      await ada.delete(`/${courseId}`).expect(204);
      expect(await orphanedDocuments()).toEqual([]);
    },
  );
});
