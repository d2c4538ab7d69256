import type { DocumentReference, WriteResult } from 'firebase-admin/firestore';
import { Timestamp } from './sdk';
import { isAlreadyExists } from './errors';

/** Longer than any request may run (Hosting cuts requests at 60 s), so a dead one frees it. */
export const LEASE_MS = 2 * 60_000;

/** Gives a lease back; it never fails, and never frees a lease someone else took over. */
export type ReleaseLease = () => Promise<void>;

/**
 * Takes the lease document `ref` (with `fields` besides its expiry): how to release it, or null
 * while someone else holds it. A lease is free when its document is missing or has expired (a
 * function that died holding it); it is taken by creating the document, or by rewriting an
 * expired one unless another request just did. `now` is injectable so tests can let leases expire.
 */
export async function tryAcquireLease(
  ref: DocumentReference,
  fields: Record<string, string>,
  now: () => number,
): Promise<ReleaseLease | null> {
  const lease = () => ({ ...fields, expires_at: Timestamp.fromMillis(now() + LEASE_MS) });
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
