import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  SOURCE_FILE_FIELD,
  SOURCE_LIMITS,
  SOURCE_MESSAGES,
  sourcesResponseSchema,
  type SourcesResponse,
} from '@coursecraft/contracts';
import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp, createSourceReader } from '../../functions/src/app';
import { getEnv } from '../../functions/src/lib/env';
import { adminStorage } from '../../functions/src/lib/firebase-admin';
import { db } from '../../functions/src/lib/firestore/db';
import {
  EXTRACT_SOURCE_FUNCTION,
  cloudTaskQueue,
  type TaskQueue,
} from '../../functions/src/lib/tasks/task-queue';
import {
  extractTaskId,
  sourcesRepository,
  type ExtractSourceTask,
  type SourcesRepository,
} from '../../functions/src/modules/sources';
import {
  corruptPdf,
  docxWithSections,
  halfScannedPdf,
  imageOnlyPdf,
  inflatingDocx,
  ownerPasswordPdf,
  passwordProtectedPdf,
  pdfWithPageLabels,
  pdfWithPages,
} from '../fixtures/source-files';
import { app, resetImages, storedImages } from './support/ai';
import { orphanedDocuments } from './support/database';
import { resetEmulators, signUp } from './support/emulators';

/**
 * Sources end to end: the in-process API stores each file and queues its read on the Cloud Tasks
 * emulator, which runs `extractSource` in the Functions emulator (from functions/dist) against
 * the same Firestore and source folder. Files are real documents made by the fixtures.
 */
const READ_TIMEOUT_MS = 90_000;
let people = 0;

/** Every file of the private source store (local folder offline, else the Storage emulator). */
async function storedSourceFiles(): Promise<string[]> {
  const env = getEnv();
  if (env.IMAGE_STORE === 'local') {
    const root = env.LOCAL_SOURCE_DIR ?? '';
    const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
  }
  const [files] = await adminStorage().bucket(env.STORAGE_BUCKET).getFiles({ prefix: 'users/' });
  return files
    .map((file) => file.name)
    .filter((name) => name.includes('/sources/'))
    .sort();
}

/** Empties the private source store between tests. */
async function resetSourceFiles(): Promise<void> {
  const env = getEnv();
  if (env.IMAGE_STORE === 'local') {
    const root = env.LOCAL_SOURCE_DIR ?? '';
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    return;
  }
  await adminStorage().bucket(env.STORAGE_BUCKET).deleteFiles({ force: true });
}

/** The course's stored chunks, in the order of their source, generation and index. */
async function chunksOf(courseId: string) {
  const found = await db().collection('source_chunks').where('course_id', '==', courseId).get();
  return found.docs
    .map(
      (doc) =>
        doc.data() as {
          source_id: string;
          generation: number;
          index: number;
          label: string;
          text: string;
        },
    )
    .sort((a, b) =>
      a.source_id === b.source_id
        ? a.generation - b.generation || a.index - b.index
        : a.source_id.localeCompare(b.source_id),
    );
}

const recordsOf = async (courseId: string) =>
  (await db().collection('course_sources').where('course_id', '==', courseId).get()).size;

async function sourceAuthor(name: string) {
  people += 1;
  const { idToken, uid } = await signUp(`${name}-${Date.now()}-${people}@example.com`);
  const auth = { authorization: `Bearer ${idToken}` };
  const client = {
    uid,
    auth,
    async course(courseName = 'Tides'): Promise<string> {
      const created = await request(app)
        .post('/api/courses/create-manual')
        .set(auth)
        .send({ name: courseName })
        .expect(201);
      return created.body.id as string;
    },
    upload: (c: string, bytes: Uint8Array, fileName: string, api = app) =>
      request(api)
        .post(`/api/courses/${c}/sources`)
        .set(auth)
        .attach(SOURCE_FILE_FIELD, Buffer.from(bytes), fileName),
    /** Uploads a file that must be accepted; answers its source id. */
    async add(c: string, bytes: Uint8Array, fileName: string, api = app): Promise<string> {
      const response = await client.upload(c, bytes, fileName, api);
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      expect(response.body.source).toMatchObject({ name: fileName, status: 'reading' });
      return response.body.source.id as string;
    },
    replace: (c: string, s: string, bytes: Uint8Array, fileName: string) =>
      request(app)
        .put(`/api/courses/${c}/sources/${s}`)
        .set(auth)
        .attach(SOURCE_FILE_FIELD, Buffer.from(bytes), fileName),
    remove: (c: string, s: string) =>
      request(app).delete(`/api/courses/${c}/sources/${s}`).set(auth),
    async list(c: string, api = app): Promise<SourcesResponse> {
      const response = await request(api).get(`/api/courses/${c}/sources`).set(auth).expect(200);
      return sourcesResponseSchema.parse(response.body);
    },
    /** Lists the course's sources once none is Reading… any more. */
    async untilRead(c: string, api = app): Promise<SourcesResponse> {
      const deadline = Date.now() + READ_TIMEOUT_MS - 10_000;
      for (;;) {
        const listed = await client.list(c, api);
        if (listed.sources.every((source) => source.status !== 'reading')) return listed;
        if (Date.now() > deadline) throw new Error(`Never read: ${JSON.stringify(listed)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
  return client;
}

const text = (value: string) => new TextEncoder().encode(value);

describe('sources', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetSourceFiles();
  });

  it(
    'reads a PDF per page with its labels, Word and Markdown per section, text whole',
    { timeout: READ_TIMEOUT_MS },
    async () => {
      const ada = await sourceAuthor('ada');
      const c = await ada.course();
      const pdf = await ada.add(
        c,
        await pdfWithPageLabels(
          ['Tides rise twice a day.', 'The moon pulls the sea.', 'Spring tides are high.'],
          ['i', 'ii', '1'],
        ),
        'Handbook.pdf',
      );
      const docx = await ada.add(
        c,
        await docxWithSections(
          [
            { heading: 'Introduction', paragraphs: ['Welcome to the tides.'] },
            { heading: 'Forces', paragraphs: ['Gravity of the moon.'] },
          ],
          [
            ['Body', 'Pull'],
            ['Moon', 'Strong'],
          ],
        ),
        'Notes.docx',
      );
      const md = await ada.add(
        c,
        text('# Basics\n\nWater moves.\n\n## Details\n\nTwice daily.\n'),
        'outline.md',
      );
      const txt = await ada.add(c, text('Plain notes about tides.'), 'notes.txt');

      const listed = await ada.untilRead(c);
      expect(listed.sources.map((source) => [source.id, source.status, source.error])).toEqual([
        [pdf, 'ready', null],
        [docx, 'ready', null],
        [md, 'ready', null],
        [txt, 'ready', null],
      ]);
      expect(listed.sources[0]).toMatchObject({ kind: 'pdf', pages: 3, scanned_pages: [] });
      expect(listed.sources.slice(1).map((source) => source.pages)).toEqual([null, null, null]);
      expect(listed.sources[3]?.words).toBe(4);

      const chunks = await chunksOf(c);
      const of = (id: string) => chunks.filter((chunk) => chunk.source_id === id);
      expect(of(pdf).map((chunk) => chunk.label)).toEqual(['i', 'ii', '1']);
      expect(of(pdf)[1]?.text).toContain('The moon pulls the sea.');
      expect(of(docx).map((chunk) => chunk.label)).toEqual(['Introduction', 'Forces']);
      expect(of(docx)[1]?.text).toMatch(/\|\s*Moon\s*\|\s*Strong\s*\|/);
      expect(of(md).map((chunk) => chunk.label)).toEqual(['Basics', 'Details']);
      expect(of(md)[1]?.text).toContain('Twice daily.');
      expect(of(txt).map((chunk) => [chunk.label, chunk.text])).toEqual([
        ['Start', 'Plain notes about tides.'],
      ]);
      expect(chunks.every((chunk) => chunk.generation === 1)).toBe(true);

      const words = listed.sources.slice(1).reduce((sum, source) => sum + (source.words ?? 0), 0);
      expect(listed.coverage).toMatchObject({
        complete: true,
        line: `Gemini reads all 3 pages and ${words} words of your sources`,
        left_out: [],
      });
    },
  );

  it(
    'refuses a wrong type, no file, a file over 20 MB and an 11th source, keeping nothing of them',
    { timeout: READ_TIMEOUT_MS },
    async () => {
      const bo = await sourceAuthor('bo');
      const c = await bo.course();
      const refused = async (response: request.Response, status: number, error: string) => {
        expect([response.status, response.body.error], JSON.stringify(response.body)).toEqual([
          status,
          error,
        ]);
      };
      await refused(
        await bo.upload(c, text('%PDF-1.7'), 'tides.exe'),
        415,
        SOURCE_MESSAGES.wrongType,
      );
      await refused(
        await bo.upload(c, text('only words'), 'fake.pdf'),
        415,
        SOURCE_MESSAGES.wrongType,
      );
      await refused(
        await request(app).post(`/api/courses/${c}/sources`).set(bo.auth),
        400,
        SOURCE_MESSAGES.missing,
      );
      await refused(
        await bo.upload(c, new Uint8Array(SOURCE_LIMITS.fileBytes + 1).fill(97), 'big.txt'),
        413,
        SOURCE_MESSAGES.tooLarge,
      );
      expect(await recordsOf(c)).toBe(0);
      expect(await storedSourceFiles()).toEqual([]);

      const ids: string[] = [];
      for (let n = 1; n <= SOURCE_LIMITS.perCourse; n += 1) {
        ids.push(await bo.add(c, text(`Notes ${n}`), `notes-${n}.txt`));
      }
      const eleventh = await bo.upload(c, text('One too many'), 'eleventh.txt');
      expect([eleventh.status, eleventh.body]).toEqual([
        409,
        { error: SOURCE_MESSAGES.tooMany, code: 'TOO_MANY_SOURCES' },
      ]);
      const first = ids[0] ?? '';
      await refused(
        await bo.replace(c, first, text('plain'), 'swap.exe'),
        415,
        SOURCE_MESSAGES.wrongType,
      );
      const listed = await bo.untilRead(c);
      expect(listed.sources.map((source) => source.id)).toEqual(ids);
      expect(listed.sources[0]).toMatchObject({ name: 'notes-1.txt', words: 2 });
      expect(await recordsOf(c)).toBe(SOURCE_LIMITS.perCourse);
      expect(await storedSourceFiles()).toHaveLength(SOURCE_LIMITS.perCourse);
    },
  );

  it(
    'a file that cannot be read shows why and keeps no text and no file; an owner-password PDF and a half-scanned one are read',
    { timeout: READ_TIMEOUT_MS },
    async () => {
      const cy = await sourceAuthor('cy');
      const c = await cy.course();
      const uploads: [Uint8Array, string][] = [
        [passwordProtectedPdf(), 'locked.pdf'],
        [await imageOnlyPdf(), 'scan.pdf'],
        [corruptPdf(), 'broken.pdf'],
        [inflatingDocx(), 'bomb.docx'],
        [ownerPasswordPdf(), 'owner.pdf'],
        [await halfScannedPdf(['Page one text.', null, 'Page three text.', null]), 'half.pdf'],
      ];
      const ids: string[] = [];
      for (const [bytes, name] of uploads) ids.push(await cy.add(c, bytes, name));

      const listed = await cy.untilRead(c);
      expect(listed.sources.map((source) => [source.name, source.status, source.error])).toEqual([
        ['locked.pdf', 'failed', SOURCE_MESSAGES.passwordProtected],
        ['scan.pdf', 'failed', SOURCE_MESSAGES.noSelectableText],
        ['broken.pdf', 'failed', SOURCE_MESSAGES.unreadable],
        ['bomb.docx', 'failed', SOURCE_MESSAGES.unreadable],
        ['owner.pdf', 'ready', null],
        ['half.pdf', 'ready', null],
      ]);
      expect(listed.sources[5]).toMatchObject({ pages: 4, scanned_pages: ['2', '4'] });
      expect(listed.coverage.left_out).toEqual([
        'Left out: half.pdf pages 2, 4 (no selectable text)',
      ]);

      const read = new Set(ids.slice(4));
      expect(new Set((await chunksOf(c)).map((chunk) => chunk.source_id))).toEqual(read);
      expect(await storedSourceFiles()).toEqual(
        [...read].map((s) => `users/${cy.uid}/courses/${c}/sources/${s}/original`).sort(),
      );
    },
  );

  it(
    'says what Gemini reads and what is left out when the sources exceed the budget',
    { timeout: READ_TIMEOUT_MS },
    async () => {
      // About 100 estimated tokens a page: a budget of 250 reads two pages of eight.
      const budgeted = createApp({ sourceBudgetTokens: () => 250 });
      const di = await sourceAuthor('di');
      const c = await di.course();
      const page = (n: number) => `Page ${n} ${'tide '.repeat(78)}`.trim();
      await di.add(c, await pdfWithPages([1, 2, 3, 4, 5, 6, 7, 8].map(page)), 'Handbook.pdf');
      const listed = await di.untilRead(c, budgeted);
      expect(listed.coverage).toMatchObject({
        complete: false,
        line: 'Gemini reads 2 of 8 pages of your sources',
        left_out: ['Left out: Handbook.pdf pages 3–8'],
        budget_tokens: 250,
      });
      expect(listed.coverage.tokens).toBeLessThanOrEqual(250);
      expect((await di.list(c)).coverage).toMatchObject({
        complete: true,
        line: 'Gemini reads all 8 pages of your sources',
      });
    },
  );

  it(
    'nobody fetches a source’s file: not its owner through /api/files, not another author',
    { timeout: READ_TIMEOUT_MS },
    async () => {
      const ed = await sourceAuthor('ed');
      const c = await ed.course();
      const s = await ed.add(c, text('Secret handbook words.'), 'Handbook.txt');
      const listed = await ed.untilRead(c);
      const [file] = await storedSourceFiles();
      expect(file).toBe(`users/${ed.uid}/courses/${c}/sources/${s}/original`);
      const raw = await request(app).get(`/api/courses/${c}/sources`).set(ed.auth).expect(200);
      expect(raw.text).not.toMatch(/url|\/api\/files|original|users\//i);
      expect(listed.sources).toHaveLength(1);
      expect(await storedImages()).toEqual([]);
      // Never exported: neither the tree the browser's exports build from nor the Markdown bundle.
      const tree = await request(app).get(`/api/courses/${c}/tree`).set(ed.auth).expect(200);
      expect(tree.text).not.toMatch(/Secret handbook|Handbook\.txt/);
      const bundle = await request(app)
        .get(`/api/courses/${c}/export/markdown`)
        .set(ed.auth)
        .buffer(true)
        .parse((stream, done) => {
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => done(null, Buffer.concat(parts)));
        })
        .expect(200);
      const entries = Object.values(unzipSync(new Uint8Array(bundle.body as Buffer)));
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(strFromU8(entry)).not.toMatch(/Secret handbook|Handbook\.txt/);
      }
      for (const attempt of [`/api/files/${file}`, `/api/files/${file}.png`]) {
        const response = await request(app).get(attempt).set(ed.auth);
        expect(response.status, attempt).toBe(404);
        expect(response.text).not.toContain('Secret');
      }

      const eve = await sourceAuthor('eve');
      const theirs = [
        request(app).get(`/api/courses/${c}/sources`),
        request(app)
          .post(`/api/courses/${c}/sources`)
          .attach(SOURCE_FILE_FIELD, Buffer.from('x'), 'x.txt'),
        request(app)
          .put(`/api/courses/${c}/sources/${s}`)
          .attach(SOURCE_FILE_FIELD, Buffer.from('x'), 'x.txt'),
        request(app).delete(`/api/courses/${c}/sources/${s}`),
      ];
      for (const call of theirs) {
        const response = await call.set(eve.auth);
        expect([response.status, response.body.code]).toEqual([404, 'NOT_FOUND']);
      }
      expect((await ed.list(c)).sources).toHaveLength(1);
      expect(await chunksOf(c)).toHaveLength(1);
    },
  );

  it(
    'a replace reads the new file and drops the old text; a remove deletes the source, its text and file',
    { timeout: READ_TIMEOUT_MS },
    async () => {
      const fa = await sourceAuthor('fa');
      const c = await fa.course();
      const s = await fa.add(c, text('Old notes.'), 'notes.txt');
      await fa.untilRead(c);
      const replaced = await fa.replace(c, s, text('# New\n\nFresh text.\n'), 'notes.md');
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(202);
      expect(replaced.body.source).toMatchObject({ id: s, name: 'notes.md', status: 'reading' });
      const listed = await fa.untilRead(c);
      expect(listed.sources).toMatchObject([{ id: s, kind: 'markdown', status: 'ready' }]);
      expect((await chunksOf(c)).map((chunk) => [chunk.generation, chunk.label])).toEqual([
        [2, 'New'],
      ]);

      expect((await fa.remove(c, s)).status).toBe(204);
      expect((await fa.list(c)).sources).toEqual([]);
      expect(await chunksOf(c)).toEqual([]);
      expect(await storedSourceFiles()).toEqual([]);
      expect((await fa.remove(c, s)).status).toBe(404);
    },
  );

  it(
    'deleting the course deletes its sources, their text, files and queued reads: no orphans',
    { timeout: READ_TIMEOUT_MS },
    async () => {
      const queue = cloudTaskQueue<ExtractSourceTask>(EXTRACT_SOURCE_FUNCTION);
      const dropped: string[] = [];
      const watched = createApp({
        sourceQueue: {
          enqueue: (task, id) => queue.enqueue(task, id),
          remove: async (id) => {
            dropped.push(id);
            await queue.remove(id);
          },
        },
      });
      const gu = await sourceAuthor('gu');
      const c = await gu.course();
      const kept = await gu.course('Kept');
      const first = await gu.add(c, text('First notes.'), 'first.txt');
      const second = await gu.add(c, await pdfWithPages(['One', 'Two']), 'second.pdf');
      await gu.add(kept, text('Kept notes.'), 'kept.txt');
      await gu.untilRead(c);
      await gu.untilRead(kept);
      expect(await chunksOf(c)).toHaveLength(3);

      await request(watched).delete(`/api/courses/${c}`).set(gu.auth).expect(204);
      expect(dropped.sort()).toEqual(
        [first, second]
          .map((s) => extractTaskId({ courseId: c, sourceId: s, generation: 1 }))
          .sort(),
      );
      expect(await recordsOf(c)).toBe(0);
      expect(await chunksOf(c)).toEqual([]);
      expect(await storedSourceFiles()).toEqual([
        expect.stringMatching(new RegExp(`^users/${gu.uid}/courses/${kept}/sources/`)),
      ]);
      expect(await orphanedDocuments()).toEqual([]);
      expect((await gu.list(kept)).sources).toHaveLength(1);
    },
  );

  it('a source removed while it is read keeps no text', { timeout: READ_TIMEOUT_MS }, async () => {
    const quiet: TaskQueue<ExtractSourceTask> = {
      enqueue: async () => {},
      remove: async () => {},
    };
    const held = createApp({ sourceQueue: quiet });
    const hu = await sourceAuthor('hu');
    const c = await hu.course();
    const s = await hu.add(c, text('Text read while the source goes.'), 'notes.txt', held);
    const repository = sourcesRepository();
    let removed = false;
    // The removal lands after the read found its source and before it writes its text.
    const racing: SourcesRepository = {
      ...repository,
      writeChunks: async (...args) => {
        await request(held).delete(`/api/courses/${c}/sources/${s}`).set(hu.auth).expect(204);
        removed = true;
        await repository.writeChunks(...args);
      },
    };
    const reader = createSourceReader({ sourcesRepository: racing, sourceQueue: quiet });
    await reader.readSource({ courseId: c, sourceId: s, generation: 1 }, { retryCount: 0 });
    expect(removed).toBe(true);
    expect(await recordsOf(c)).toBe(0);
    expect(await chunksOf(c)).toEqual([]);
    expect(await storedSourceFiles()).toEqual([]);
  });
});
