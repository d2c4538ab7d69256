import type {
  DocumentData,
  DocumentReference,
  Firestore,
  WriteBatch,
} from 'firebase-admin/firestore';

/** Firestore allows 500 writes per batch; the rest is headroom. */
export const BATCH_LIMIT = 450;

/** One document to write and its fields. */
export type DocumentWrite = readonly [DocumentReference, DocumentData];

/** Runs `write` over `items` in consecutive batches of at most BATCH_LIMIT writes each. */
async function inBatches<T>(
  db: Firestore,
  items: readonly T[],
  write: (batch: WriteBatch, item: T) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH_LIMIT) {
    const batch = db.batch();
    for (const item of items.slice(start, start + BATCH_LIMIT)) write(batch, item);
    await batch.commit();
  }
}

/** Deletes `refs` in batches: not atomic as a whole, so callers order them to be safe to retry. */
export const deleteInBatches = (db: Firestore, refs: readonly DocumentReference[]) =>
  inBatches(db, refs, (batch, ref) => batch.delete(ref));

/** Creates every document of `writes` in batches (each fails if its document exists). */
export const createInBatches = (db: Firestore, writes: readonly DocumentWrite[]) =>
  inBatches(db, writes, (batch, [ref, data]) => batch.create(ref, data));

/** Sets (overwrites) every document of `writes` in batches. */
export const setInBatches = (db: Firestore, writes: readonly DocumentWrite[]) =>
  inBatches(db, writes, (batch, [ref, data]) => batch.set(ref, data));
