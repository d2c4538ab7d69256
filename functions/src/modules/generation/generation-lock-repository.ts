import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { db as defaultDb } from '../../lib/firestore/db';
import { tryAcquireLease, type ReleaseLease } from '../../lib/firestore/lease';
import { generationLocksCollection } from '../../lib/firestore/paths';

/** Gives a lock back; it never fails, and never frees a lease someone else took over. */
export type ReleaseLock = ReleaseLease;

/**
 * Named locks as lease documents `generation_locks/{sha256 of the name}` (see lib/firestore/lease).
 * `now` is injectable so tests can let leases expire.
 */
export function generationLockRepository(
  db: () => Firestore = defaultDb,
  now: () => number = Date.now,
) {
  return {
    /** Takes the lock `key` for `uid`: how to release it, or null while someone else holds it. */
    async tryAcquire(key: string, uid: string): Promise<ReleaseLock | null> {
      const ref = generationLocksCollection(db()).doc(
        createHash('sha256').update(key).digest('hex'),
      );
      return tryAcquireLease(ref, { key, uid }, now);
    },
  };
}

export type GenerationLockRepository = ReturnType<typeof generationLockRepository>;
