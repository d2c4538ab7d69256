import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { db as defaultDb } from '../../lib/firebase-admin';
import { isAlreadyExists } from '../../lib/firestore/errors';
import { generationLocksCollection } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';

export const GENERATION_BUSY = 'This is already being generated. Please wait for it to finish.';

/** Longer than any request may run (Hosting cuts requests at 60 s), so a dead one frees it. */
export const LOCK_LEASE_MS = 2 * 60_000;

/**
 * One generation at a time per node (say, the subjects of one course): a lock document with a
 * lease. A second request while the first runs gets 409; a lease left by a function that died
 * expires and is taken over.
 */
export function generationLocks(db: () => Firestore = defaultDb, now = () => Date.now()) {
  /** Takes the lock `key`, answering how to release it, or null while someone else holds it. */
  async function tryAcquire(key: string, uid: string): Promise<(() => Promise<void>) | null> {
    const ref = generationLocksCollection(db()).doc(createHash('sha256').update(key).digest('hex'));
    const lease = () => ({ key, uid, expires_at: Timestamp.fromMillis(now() + LOCK_LEASE_MS) });
    let written;
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
  }

  return {
    tryAcquire,
    /** Runs `work` holding the lock `key`; 409 while another request holds it. */
    async run<T>(key: string, uid: string, work: () => Promise<T>): Promise<T> {
      const release = await tryAcquire(key, uid);
      if (!release) throw new HttpError(409, GENERATION_BUSY);
      try {
        return await work();
      } finally {
        await release();
      }
    },
  };
}

export type GenerationLocks = ReturnType<typeof generationLocks>;
