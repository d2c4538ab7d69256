import {
  SOURCE_LIMITS,
  SOURCE_MESSAGES,
  estimateTokens,
  sourceCoverage,
  unitsWithinBudget,
  type Source,
  type SourcesResponse,
} from '@coursecraft/contracts';
import type { CoursePath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import { courseSourcesFolder, sourceOriginalFile } from '../../lib/storage/object-paths';
import type { SourceStore } from '../../lib/storage/source-store';
import type { TaskQueue } from '../../lib/tasks/task-queue';
import { ownedOutline, type NodeDeletionHandler, type Outline } from '../outline';
import {
  ExtractionError,
  chunkUnits,
  countWords,
  detectSourceKind,
  extractSource,
  type Extraction,
  type ExtractionFailure,
} from './extraction';
import type { CourseSourceTexts, ReadTextsOptions, SourceTextChunk } from '../grounding';
import { sourceNameOf } from './source-names';
import { EXTRACT_SOURCE_TRIES, extractTaskId, type ExtractSourceTask } from './source-task';
import type { SourceFile, SourcesRepository, StoredSource } from './sources-repository';

/** A source file as the upload route read it. */
export interface SourceUpload {
  file: Uint8Array;
  fileName: string;
}

export interface SourcesDependencies {
  outline: Outline;
  sources: SourcesRepository;
  store: () => SourceStore;
  queue: TaskQueue<ExtractSourceTask>;
  /** What an outline request may read of the sources, in estimated tokens. */
  budgetTokens: () => number;
  now: () => Date;
}

export const SOURCE_NOT_FOUND = 'Source not found';

const FAILURE_MESSAGES: Record<ExtractionFailure, string> = {
  password: SOURCE_MESSAGES.passwordProtected,
  no_text: SOURCE_MESSAGES.noSelectableText,
  unreadable: SOURCE_MESSAGES.unreadable,
};

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  markdown: 'text/markdown',
  text: 'text/plain',
} as const;

/** The pages a source counts for the course's limit: a PDF's own, else its words in pages. */
const pagesCounted = (kind: StoredSource['kind'], pages: number | null, words: number): number =>
  kind === 'pdf' ? (pages ?? 0) : Math.ceil(words / SOURCE_LIMITS.wordsPerPage);

export function toSource(source: StoredSource): Source {
  return {
    id: source.sourceId,
    name: source.name,
    kind: source.kind,
    bytes: source.bytes,
    status: source.status,
    error: source.error,
    pages: source.pages,
    words: source.words,
    scanned_pages: source.scannedPages,
    created_at: source.createdAt.toISOString(),
    updated_at: source.updatedAt.toISOString(),
  };
}

function notFound(): never {
  throw new HttpError(404, 'NOT_FOUND', SOURCE_NOT_FOUND);
}

/** A ready source as the coverage counts it. */
const coverageInput = (source: StoredSource) => ({
  name: source.name,
  kind: source.kind,
  units: source.units,
  pages: source.pages,
  scannedPages: source.scannedPages,
});

/**
 * The chunks of a source's first `covered` units. Chunks are written unit by unit, in order, each
 * with its unit's label, so a change of label starts the next unit.
 */
export function chunksOfCoveredUnits(
  units: readonly { label: string }[],
  chunks: readonly SourceTextChunk[],
  covered: number,
): SourceTextChunk[] {
  let unit = 0;
  const kept: SourceTextChunk[] = [];
  for (const chunk of chunks) {
    while (unit < units.length && units[unit]!.label !== chunk.label) unit += 1;
    if (unit >= covered) break;
    kept.push(chunk);
  }
  return kept;
}

/** The file of an upload, refused (nothing stored) when it is none of the four kinds. */
function sourceFileOf({ file, fileName }: SourceUpload): SourceFile {
  const name = sourceNameOf(fileName);
  const kind = detectSourceKind(name, file);
  if (!kind) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', SOURCE_MESSAGES.wrongType);
  return { name, kind, bytes: file.byteLength };
}

/**
 * The author's own documents: uploaded one file per request, kept in the private source store,
 * read on the `extractSource` queue (the API only queues), listed with what Gemini can read of
 * them within the budget. Owner only; never published or exported.
 */
export function sourcesService(deps: SourcesDependencies) {
  const { outline, sources, store, queue, budgetTokens, now } = deps;
  const owned = ownedOutline(outline);
  const fileOf = (uid: string, path: CoursePath, sourceId: string) =>
    sourceOriginalFile(uid, path.courseId, sourceId);

  /** Stores the file and queues its read; a failure leaves the source as it was before. */
  async function storeAndQueue(source: StoredSource, bytes: Uint8Array): Promise<void> {
    await store().save(
      fileOf(source.ownerUid, { courseId: source.courseId }, source.sourceId),
      bytes,
      CONTENT_TYPES[source.kind],
    );
    const task = {
      courseId: source.courseId,
      sourceId: source.sourceId,
      generation: source.generation,
    };
    await queue.enqueue(task, extractTaskId(task));
  }

  /** Deletes what a source has beside its record: chunks, file, a read still queued. */
  async function forgetSource(source: StoredSource): Promise<void> {
    const path = { courseId: source.courseId };
    await queue.remove(
      extractTaskId({ ...path, sourceId: source.sourceId, generation: source.generation }),
    );
    await sources.deleteChunks(path, source.sourceId);
    await store().delete(fileOf(source.ownerUid, path, source.sourceId));
  }

  /** A read that ends without text: the message on the source, no chunks and no file kept. */
  async function failRead(source: StoredSource, message: string): Promise<void> {
    const path = { courseId: source.courseId };
    const failed = await sources.failReading(path, source.sourceId, source.generation, message);
    await sources.deleteChunks(path, source.sourceId, { generation: source.generation });
    // Only the file of this generation: a replace since may have put its own there.
    if (failed) await store().delete(fileOf(source.ownerUid, path, source.sourceId));
  }

  /** Pages the course's other ready sources count for the limit of pages in all. */
  async function pagesOfOthers(path: CoursePath, sourceId: string): Promise<number> {
    const all = await sources.list(path);
    return all
      .filter((other) => other.sourceId !== sourceId && other.status === 'ready')
      .reduce((sum, other) => sum + pagesCounted(other.kind, other.pages, other.words ?? 0), 0);
  }

  async function storeReading(source: StoredSource, extraction: Extraction): Promise<void> {
    const path = { courseId: source.courseId };
    const chunks = chunkUnits(extraction.units);
    await sources.writeChunks(path, source.sourceId, source.generation, chunks);
    const finished = await sources.finishReading(path, source.sourceId, source.generation, {
      pages: extraction.pages,
      words: extraction.words,
      scannedPages: extraction.scannedPages,
      units: extraction.units.map(({ label, text }) => ({
        label,
        tokens: estimateTokens(text.length),
        words: countWords(text),
      })),
      chunkCount: chunks.length,
    });
    // Removed or replaced while it was read: what this read wrote belongs to nothing.
    if (!finished) {
      await sources.deleteChunks(path, source.sourceId, { generation: source.generation });
    }
  }

  return {
    async list(uid: string, path: CoursePath): Promise<SourcesResponse> {
      await owned.course(uid, path);
      const all = await sources.list(path);
      const ready = all.filter((source) => source.status === 'ready');
      const coverage = sourceCoverage(ready.map(coverageInput), budgetTokens());
      return { sources: all.map(toSource), coverage };
    },

    /**
     * The course's sources as generation reads them (the grounding module's port): the ready
     * ones with the text of the units the coverage counts, so Gemini reads what the Sources
     * panel says it reads. No owner check: callers have checked the course already.
     */
    async readTexts(
      courseId: string,
      { text = true }: ReadTextsOptions = {},
    ): Promise<CourseSourceTexts> {
      const path = { courseId };
      const all = await sources.list(path);
      const ready = all.filter((source) => source.status === 'ready');
      const covered = unitsWithinBudget(ready.map(coverageInput), budgetTokens());
      const texts = await Promise.all(
        ready.map(async (source, index) => {
          const chunks = text
            ? await sources.listChunks(path, source.sourceId, source.generation)
            : [];
          return {
            id: source.sourceId,
            name: source.name,
            kind: source.kind,
            generation: source.generation,
            units: source.units,
            chunks: chunksOfCoveredUnits(source.units, chunks, covered[index] ?? 0),
          };
        }),
      );
      return { reading: all.some((source) => source.status === 'reading'), sources: texts };
    },

    /** Adds a source (Reading…) and queues its read. Refusals keep nothing. */
    async add(
      uid: string,
      path: CoursePath,
      readUpload: () => Promise<SourceUpload>,
    ): Promise<Source> {
      await owned.course(uid, path);
      const upload = await readUpload();
      const file = sourceFileOf(upload);
      const source = await sources.create(path, {
        ownerUid: uid,
        sourceId: sources.newSourceId(),
        file,
        max: SOURCE_LIMITS.perCourse,
        now: now(),
      });
      if (!source) throw new HttpError(409, 'TOO_MANY_SOURCES', SOURCE_MESSAGES.tooMany);
      try {
        await storeAndQueue(source, upload.file);
      } catch (error) {
        await sources.remove(path, source.sourceId);
        await forgetSource(source);
        throw error;
      }
      return toSource(source);
    },

    /** Puts a new file in a source's place (Reading… again); the old file's text goes. */
    async replace(
      uid: string,
      path: CoursePath,
      sourceId: string,
      readUpload: () => Promise<SourceUpload>,
    ): Promise<Source> {
      await owned.course(uid, path);
      if (!(await sources.get(path, sourceId))) notFound();
      const upload = await readUpload();
      const file = sourceFileOf(upload);
      const replaced = (await sources.replace(path, sourceId, file, now())) ?? notFound();
      const { before, after } = replaced;
      await queue.remove(extractTaskId({ ...path, sourceId, generation: before.generation }));
      await sources.deleteChunks(path, sourceId, { generation: before.generation });
      try {
        await storeAndQueue(after, upload.file);
      } catch (error) {
        await failRead(after, SOURCE_MESSAGES.unreadable);
        throw error;
      }
      return toSource(after);
    },

    /** Deletes a source with its text, its file and its read if still queued. */
    async remove(uid: string, path: CoursePath, sourceId: string): Promise<void> {
      await owned.course(uid, path);
      const removed = (await sources.remove(path, sourceId)) ?? notFound();
      await forgetSource(removed);
    },

    /**
     * Runs one `extractSource` task: reads the source's file into chunks and marks it ready, or
     * failed with why. Safe to run twice or late: a source gone, replaced or already read is
     * left as it is (only chunks this file's read may have left behind are deleted).
     * Throws (so the queue tries again) on an unexpected failure before the last try.
     */
    async readSource(
      task: ExtractSourceTask,
      { retryCount }: { retryCount: number },
    ): Promise<void> {
      const path = { courseId: task.courseId };
      const source = await sources.get(path, task.sourceId);
      if (source?.generation !== task.generation) {
        await sources.deleteChunks(path, task.sourceId, { generation: task.generation });
        return;
      }
      if (source.status !== 'reading') return;
      try {
        const bytes = await store().read(fileOf(source.ownerUid, path, source.sourceId));
        if (!bytes) {
          await failRead(source, SOURCE_MESSAGES.unreadable);
          return;
        }
        const extraction = await extractSource(bytes, source.kind);
        const pages = pagesCounted(source.kind, extraction.pages, extraction.words);
        if ((await pagesOfOthers(path, source.sourceId)) + pages > SOURCE_LIMITS.pagesInAll) {
          await failRead(source, SOURCE_MESSAGES.tooManyPages);
          return;
        }
        await storeReading(source, extraction);
      } catch (error) {
        if (error instanceof ExtractionError) {
          await failRead(source, FAILURE_MESSAGES[error.reason]);
          return;
        }
        if (retryCount + 1 < EXTRACT_SOURCE_TRIES) throw error;
        await failRead(source, SOURCE_MESSAGES.unreadable);
      }
    },

    /**
     * The outline's deletion handler: a deleted course's sources, text, files and queued reads
     * go before its tree, so a failure refuses the deletion and a retry finds them. A read
     * still running finds its source gone and deletes what it wrote.
     */
    forgetDeletedCourse: (async ({ level, path, uid }, deleteNode) => {
      if (level === 'course') {
        const removed = await sources.deleteCourseSources(path);
        await Promise.all(
          removed.map((source) =>
            queue.remove(
              extractTaskId({ ...path, sourceId: source.sourceId, generation: source.generation }),
            ),
          ),
        );
        await store().deletePrefix(courseSourcesFolder(uid, path.courseId));
      }
      await deleteNode();
    }) satisfies NodeDeletionHandler,
  };
}

export type SourcesService = ReturnType<typeof sourcesService>;
