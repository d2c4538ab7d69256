import { createHash } from 'node:crypto';
import { Timestamp, type Firestore, type WriteResult } from 'firebase-admin/firestore';
import { db as defaultDb } from '../../lib/firestore/db';
import { isAlreadyExists } from '../../lib/firestore/errors';
import { generationLocksCollection } from '../../lib/firestore/paths';

/** Longer than any request may run (Hosting cuts requests at 60 s), so a dead one frees it. */
export const LOCK_LEASE_MS = 2 * 60_000;

/** Gives a lock back; it never fails, and never frees a lease someone else took over. */
export type ReleaseLock = () => Promise<void>;

/**
 * Named locks as lease documents `generation_locks/{sha256 of the name}`: a lock is free when
 * its document is missing or its lease has expired (a function that died holding it), and
 * taken by creating the document, or by rewriting an expired lease unless another request just
 * did. `now` is injectable so tests can let leases expire.
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
      const lease = () => ({ key, uid, expires_at: Timestamp.fromMillis(now() + LOCK_LEASE_MS) });
      let written: WriteResult;
      try {
        written = await ref.create(lease());
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        const held = await ref.get();
        const expiresAt: unknown = held.get('expires_at');
        if (held.exists && expiresAt instanceof Timestamp && expiresAt.toMillis() > now()) {
          return null;
        }
        // An expired lease: take it over, unless another request just did.
        try {
          written = held.exists
            ? await ref.update(lease(), { lastUpdateTime: held.updateTime })
            : await ref.create(lease());
        } catch {
          return null;
        }
      }
      const { writeTime } = written;
      return async () => {
        await ref.delete({ lastUpdateTime: writeTime }).catch(() => undefined);
      };
    },
  };
}

export type GenerationLockRepository = ReturnType<typeof generationLockRepository>;
