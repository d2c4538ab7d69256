import type { CollectionReference, DocumentReference } from 'firebase-admin/firestore';
import { db } from '../../../functions/src/lib/firestore/db';
import {
  COLLECTIONS_NOT_KEYED_BY_COURSE,
  COURSE_KEYED_COLLECTIONS,
  type CourseKeyed,
} from '../../../functions/src/lib/firestore/paths';

/** One document that exists, with every field as the Admin SDK reads it. */
export interface StoredDocument {
  path: string;
  data: Record<string, unknown>;
}

interface DumpCollection {
  documents: Record<string, DumpDocument>;
}
interface DumpDocument {
  collections: Record<string, DumpCollection>;
}
interface Dump {
  projects: Record<
    string,
    { databases: Record<string, { collections: Record<string, DumpCollection> }> }
  >;
}

/**
 * Every document node the offline stand-in holds, from its control server's `GET /dump`. The dump
 * also lists deleted documents that still have something below them (a node with subcollections
 * and no fields), so existence is decided by reading each node, not by its presence here.
 */
async function standinNodes(): Promise<DocumentReference[]> {
  const response = await fetch(`http://${process.env.FIRESTORE_CONTROL_HOST}/dump`);
  if (!response.ok) throw new Error(`The stand-in's dump failed: ${response.status}`);
  const dump = (await response.json()) as Dump;
  const project = process.env.GCLOUD_PROJECT ?? '';
  const roots = dump.projects[project]?.databases['(default)']?.collections ?? {};
  const refs: DocumentReference[] = [];
  const walk = (collections: Record<string, DumpCollection>, prefix: string) => {
    for (const [collectionId, collection] of Object.entries(collections)) {
      for (const [documentId, document] of Object.entries(collection.documents)) {
        const path = `${prefix}${collectionId}/${documentId}`;
        refs.push(db().doc(path));
        walk(document.collections, `${path}/`);
      }
    }
  };
  walk(roots, '');
  return refs;
}

/**
 * Every document node of the official emulator: `listDocuments()` also names documents that do
 * not exist but have subcollections, so a subtree whose root was deleted is still reached.
 */
async function emulatorNodes(): Promise<DocumentReference[]> {
  const refs: DocumentReference[] = [];
  const walk = async (collections: CollectionReference[]): Promise<void> => {
    for (const collection of collections) {
      for (const ref of await collection.listDocuments()) {
        refs.push(ref);
        await walk(await ref.listCollections());
      }
    }
  };
  await walk(await db().listCollections());
  return refs;
}

/**
 * How many requests that can write a document the offline stand-in has served since it started
 * (it never goes down); null on the official emulator, which does not tell. Equal before and
 * after an API request, nothing can have been written meanwhile.
 */
export async function writeRequestCount(): Promise<number | null> {
  if (!process.env.FIRESTORE_STANDIN) return null;
  const response = await fetch(`http://${process.env.FIRESTORE_CONTROL_HOST}/write-requests`);
  if (!response.ok) throw new Error(`The stand-in's write count failed: ${response.status}`);
  const { write_requests: count } = (await response.json()) as { write_requests: number };
  return count;
}

/**
 * Every document that exists in the whole database, wherever it is (under a deleted parent
 * too), sorted by path. Nothing is looked up by collection name, so a collection or an orphaned
 * subtree nobody listed cannot hide.
 */
export async function readDatabase(): Promise<StoredDocument[]> {
  const nodes = process.env.FIRESTORE_STANDIN ? await standinNodes() : await emulatorNodes();
  const documents: StoredDocument[] = [];
  for (let start = 0; start < nodes.length; start += 300) {
    const snapshots = await db().getAll(...nodes.slice(start, start + 300));
    for (const snapshot of snapshots) {
      if (snapshot.exists) documents.push({ path: snapshot.ref.path, data: snapshot.data() ?? {} });
    }
  }
  return documents.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** JSON with object keys sorted, so equal documents always print alike. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const entries = Object.entries(item as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries);
  });
}

/**
 * The request counters of the rate limits (`rate_limits/*` but the daily AI budget's): bookkeeping
 * of requests, which every limited request writes by design, refused or not; never what a request
 * changed in the product. The AI budget's counters stay in: they count Gemini calls, so a request
 * refused before any call must leave them as they were.
 */
const isRequestCounter = ({ path, data }: StoredDocument) =>
  path.startsWith('rate_limits/') && data.rule !== 'ai-budget';

/**
 * Every document but the request counters as sorted `path json` lines, every field included:
 * equal snapshots mean nothing stored was written, deleted or left behind.
 */
export async function snapshotDatabase(): Promise<string[]> {
  return (await readDatabase())
    .filter((document) => !isRequestCounter(document))
    .map(({ path, data }) => `${path} ${canonical(data)}`);
}

/** The paths of `snapshotDatabase()` lines. */
export const pathsOf = (lines: string[]): string[] =>
  lines.map((line) => line.slice(0, line.indexOf(' ')));

/** Of the given document paths, those whose parent document is not among them. */
export function orphansAmong(paths: string[]): string[] {
  const existing = new Set(paths);
  return paths.filter((path) => {
    const segments = path.split('/');
    return segments.length > 2 && !existing.has(segments.slice(0, -2).join('/'));
  });
}

/**
 * Of the given documents, those of a collection keyed by course (`COURSE_KEYED_COLLECTIONS`)
 * whose course is not among them.
 */
export function ofGoneCourses(documents: StoredDocument[]): string[] {
  const courses = new Set(
    documents
      .map(({ path }) => path.split('/'))
      .filter((segments) => segments.length === 2 && segments[0] === 'courses')
      .map((segments) => segments[1]),
  );
  const keyed: Record<string, CourseKeyed | undefined> = COURSE_KEYED_COLLECTIONS;
  return documents
    .filter(({ path, data }) => {
      const [collection = '', id = '', ...below] = path.split('/');
      const named = below.length === 0 ? keyed[collection]?.courseIdOf(id, data) : undefined;
      return typeof named === 'string' && !courses.has(named);
    })
    .map(({ path }) => path);
}

/**
 * Top-level collections holding documents that the paths module lists neither as keyed by course
 * nor as not: their documents could belong to a deleted course without the check knowing.
 */
export function unclassifiedCollections(documents: StoredDocument[]): string[] {
  const known = new Set<string>([
    ...Object.keys(COURSE_KEYED_COLLECTIONS),
    ...COLLECTIONS_NOT_KEYED_BY_COURSE,
  ]);
  const found = new Set(documents.map(({ path }) => path.split('/')[0] ?? ''));
  return [...found]
    .filter((collection) => !known.has(collection))
    .map(
      (collection) =>
        `${collection}/ (a collection neither COURSE_KEYED_COLLECTIONS nor COLLECTIONS_NOT_KEYED_BY_COURSE lists)`,
    );
}

/**
 * Every existing document left behind (sorted paths; [] when none): those whose parent document
 * does not exist, and those of a collection keyed by course whose course does not exist; and
 * any top-level collection the paths module does not classify.
 */
export async function orphanedDocuments(): Promise<string[]> {
  const documents = await readDatabase();
  const orphans = orphansAmong(documents.map((document) => document.path));
  return [...orphans, ...ofGoneCourses(documents), ...unclassifiedCollections(documents)].sort();
}
