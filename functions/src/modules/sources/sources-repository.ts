import {
  SOURCE_KINDS,
  SOURCE_STATUSES,
  type SourceKind,
  type SourceStatus,
  type SourceUnit,
} from '@coursecraft/contracts';
import type { DocumentData, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { db as defaultDb } from '../../lib/firestore/db';
import { deleteInBatches, setInBatches } from '../../lib/firestore/batches';
import { Timestamp } from '../../lib/firestore/sdk';
import {
  courseSourceRef,
  courseSourcesCollection,
  sourceChunkRef,
  sourceChunksCollection,
  type CoursePath,
} from '../../lib/firestore/paths';

/** One of a course's sources as `course_sources/{c}_{s}` keeps it. */
export interface StoredSource {
  courseId: string;
  ownerUid: string;
  sourceId: string;
  name: string;
  kind: SourceKind;
  bytes: number;
  status: SourceStatus;
  error: string | null;
  pages: number | null;
  words: number | null;
  scannedPages: string[];
  /** Its pages or sections with text, for the coverage (empty until ready). */
  units: SourceUnit[];
  chunkCount: number;
  /** Counts the files the source has had: a replace adds one, and its chunks carry it. */
  generation: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The file of a new or replacing upload. */
export interface SourceFile {
  name: string;
  kind: SourceKind;
  bytes: number;
}

/** What a read leaves on a ready source. */
export interface SourceReading {
  pages: number | null;
  words: number;
  scannedPages: string[];
  units: SourceUnit[];
  chunkCount: number;
}

/** A chunk of a source's text, as `source_chunks` keeps it. */
export interface StoredChunk {
  index: number;
  label: string;
  text: string;
}

const asDate = (value: unknown): Date =>
  value instanceof Timestamp ? value.toDate() : new Date(0);
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  list.find((item) => item === value);

function toSource(snapshot: DocumentSnapshot): StoredSource | null {
  const data = snapshot.data();
  if (!data) return null;
  const kind = oneOf(SOURCE_KINDS, data.kind);
  const status = oneOf(SOURCE_STATUSES, data.status);
  if (!kind || !status) return null;
  const units = Array.isArray(data.units) ? (data.units as SourceUnit[]) : [];
  return {
    courseId: String(data.course_id),
    ownerUid: String(data.owner_uid),
    sourceId: String(data.source_id),
    name: String(data.name),
    kind,
    bytes: Number(data.bytes),
    status,
    error: typeof data.error === 'string' ? data.error : null,
    pages: typeof data.pages === 'number' ? data.pages : null,
    words: typeof data.words === 'number' ? data.words : null,
    scannedPages: Array.isArray(data.scanned_pages) ? data.scanned_pages.map(String) : [],
    units,
    chunkCount: Number(data.chunk_count ?? 0),
    generation: Number(data.generation ?? 1),
    createdAt: asDate(data.created_at),
    updatedAt: asDate(data.updated_at),
  };
}

/** The fields of a source that is being read (again): nothing of an earlier read is kept. */
const readingFields = (file: SourceFile, now: Date): DocumentData => ({
  name: file.name,
  kind: file.kind,
  bytes: file.bytes,
  status: 'reading',
  error: null,
  pages: null,
  words: null,
  scanned_pages: [],
  units: [],
  chunk_count: 0,
  updated_at: Timestamp.fromDate(now),
});

/**
 * The authors' sources (`course_sources`) and the text read from them (`source_chunks`), each
 * carrying `course_id` so a course's documents are found by one query.
 */
export function sourcesRepository(db: () => Firestore = defaultDb) {
  const ofCourse = ({ courseId }: CoursePath) =>
    courseSourcesCollection(db()).where('course_id', '==', courseId);
  const chunksOf = ({ courseId }: CoursePath, sourceId: string) =>
    sourceChunksCollection(db())
      .where('course_id', '==', courseId)
      .where('source_id', '==', sourceId);

  /** Runs `change` on the source if it is still being read from file `generation`. */
  async function whileReading(
    path: CoursePath,
    sourceId: string,
    generation: number,
    fields: DocumentData,
  ): Promise<boolean> {
    const ref = courseSourceRef(db(), path, sourceId);
    return db().runTransaction(async (transaction) => {
      const source = toSource(await transaction.get(ref));
      if (source?.generation !== generation || source.status !== 'reading') return false;
      transaction.update(ref, fields);
      return true;
    });
  }

  return {
    /** A new source id (Firestore's kind: 20 letters and digits). */
    newSourceId: (): string => courseSourcesCollection(db()).doc().id,

    /** The course's sources in the order they were added. */
    async list(path: CoursePath): Promise<StoredSource[]> {
      const found = await ofCourse(path).get();
      return found.docs
        .map(toSource)
        .filter((source): source is StoredSource => source !== null)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async get(path: CoursePath, sourceId: string): Promise<StoredSource | null> {
      return toSource(await courseSourceRef(db(), path, sourceId).get());
    },

    /**
     * Adds a source being read, unless the course has `max` already (counted in the same
     * transaction): answers it, or null when there is no room.
     */
    async create(
      path: CoursePath,
      {
        ownerUid,
        sourceId,
        file,
        max,
        now,
      }: {
        ownerUid: string;
        sourceId: string;
        file: SourceFile;
        max: number;
        now: Date;
      },
    ): Promise<StoredSource | null> {
      const ref = courseSourceRef(db(), path, sourceId);
      const created = await db().runTransaction(async (transaction) => {
        const existing = await transaction.get(ofCourse(path).select());
        if (existing.size >= max) return false;
        transaction.create(ref, {
          course_id: path.courseId,
          owner_uid: ownerUid,
          source_id: sourceId,
          generation: 1,
          created_at: Timestamp.fromDate(now),
          ...readingFields(file, now),
        });
        return true;
      });
      return created ? toSource(await ref.get()) : null;
    },

    /** Puts a new file in the source's place (the next generation, being read); null if gone. */
    async replace(
      path: CoursePath,
      sourceId: string,
      file: SourceFile,
      now: Date,
    ): Promise<{ before: StoredSource; after: StoredSource } | null> {
      const ref = courseSourceRef(db(), path, sourceId);
      const before = await db().runTransaction(async (transaction) => {
        const source = toSource(await transaction.get(ref));
        if (!source) return null;
        transaction.update(ref, { ...readingFields(file, now), generation: source.generation + 1 });
        return source;
      });
      if (!before) return null;
      const after = toSource(await ref.get());
      return after ? { before, after } : null;
    },

    /** Deletes the source's record; answers what it was, or null when there was none. */
    async remove(path: CoursePath, sourceId: string): Promise<StoredSource | null> {
      const ref = courseSourceRef(db(), path, sourceId);
      return db().runTransaction(async (transaction) => {
        const source = toSource(await transaction.get(ref));
        if (source) transaction.delete(ref);
        return source;
      });
    },

    /** Stores the chunks read from file `generation` of the source. */
    async writeChunks(
      path: CoursePath,
      sourceId: string,
      generation: number,
      chunks: readonly StoredChunk[],
    ): Promise<void> {
      await setInBatches(
        db(),
        chunks.map(({ index, label, text }) => [
          sourceChunkRef(db(), path, sourceId, generation, index),
          { course_id: path.courseId, source_id: sourceId, generation, index, label, text },
        ]),
      );
    },

    /** The chunks read from file `generation` of the source, in order. */
    async listChunks(
      path: CoursePath,
      sourceId: string,
      generation: number,
    ): Promise<StoredChunk[]> {
      const found = await chunksOf(path, sourceId).where('generation', '==', generation).get();
      return found.docs
        .map((doc) => ({
          index: Number(doc.get('index')),
          label: String(doc.get('label')),
          text: String(doc.get('text')),
        }))
        .sort((a, b) => a.index - b.index);
    },

    /** Deletes the source's chunks: those of one generation, or all. */
    async deleteChunks(
      path: CoursePath,
      sourceId: string,
      { generation }: { generation?: number } = {},
    ): Promise<void> {
      const query =
        generation === undefined
          ? chunksOf(path, sourceId)
          : chunksOf(path, sourceId).where('generation', '==', generation);
      const found = await query.select().get();
      await deleteInBatches(
        db(),
        found.docs.map((doc) => doc.ref),
      );
    },

    /** Marks the source ready, if it is still being read from file `generation`. */
    finishReading: (path: CoursePath, sourceId: string, generation: number, read: SourceReading) =>
      whileReading(path, sourceId, generation, {
        status: 'ready',
        pages: read.pages,
        words: read.words,
        scanned_pages: read.scannedPages,
        units: read.units,
        chunk_count: read.chunkCount,
        updated_at: Timestamp.now(),
      }),

    /** Marks the source failed with `message`, if it is still being read from file `generation`. */
    failReading: (path: CoursePath, sourceId: string, generation: number, message: string) =>
      whileReading(path, sourceId, generation, {
        status: 'failed',
        error: message,
        updated_at: Timestamp.now(),
      }),

    /** Deletes every source and chunk of the course; answers the sources that were there. */
    async deleteCourseSources(path: CoursePath): Promise<StoredSource[]> {
      const sources = await ofCourse(path).get();
      await deleteInBatches(
        db(),
        sources.docs.map((doc) => doc.ref),
      );
      const chunks = await sourceChunksCollection(db())
        .where('course_id', '==', path.courseId)
        .select()
        .get();
      await deleteInBatches(
        db(),
        chunks.docs.map((doc) => doc.ref),
      );
      return sources.docs.map(toSource).filter((source): source is StoredSource => !!source);
    },
  };
}

export type SourcesRepository = ReturnType<typeof sourcesRepository>;
