import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { firestoreSdk, Timestamp } from '../../lib/firestore/sdk';
import { db as defaultDb } from '../../lib/firestore/db';
import { rateLimitsCollection } from '../../lib/firestore/paths';

/** One fixed-window counter: how many requests one subject made under one rule in one window. */
export interface CounterWindow {
  /** Rule, subject and window, e.g. `ai|user:u1|29112233`; only its hash is stored. */
  name: string;
  /** The rule it counts for, stored as is (it names no one). */
  rule: string;
  limit: number;
  /** When the window ends (ms): the counter is useless after, so it expires then. */
  endsAt: number;
}

const idOf = (name: string) => createHash('sha256').update(name).digest('hex');

/**
 * Counters as documents `rate_limits/{sha256 of the name}` {rule, count, expires_at}, shared by
 * every function instance. Each window is its own document, so a new window starts at zero
 * without a reset and a Firestore TTL policy on `expires_at` deletes the spent ones.
 */
export function rateLimitRepository(db: () => Firestore = defaultDb) {
  const refOf = (name: string) => rateLimitsCollection(db()).doc(idOf(name));

  return {
    /**
     * Counts one request in every window, in one transaction, unless one of them already holds
     * its limit: then nothing is counted and that window is the answer (null when counted).
     */
    async hit(windows: CounterWindow[]): Promise<CounterWindow | null> {
      if (windows.length === 0) return null;
      const refs = windows.map((window) => refOf(window.name));
      return db().runTransaction(async (tx) => {
        const snapshots = await tx.getAll(...refs);
        const counts = snapshots.map((snapshot) => Number(snapshot.get('count') ?? 0));
        const full = windows.find((window, index) => (counts[index] ?? 0) >= window.limit);
        if (full) return full;
        windows.forEach((window, index) => {
          const ref = refs[index];
          if (!ref) return;
          tx.set(ref, {
            rule: window.rule,
            count: (counts[index] ?? 0) + 1,
            expires_at: Timestamp.fromMillis(window.endsAt),
            updated_at: firestoreSdk().FieldValue.serverTimestamp(),
          });
        });
        return null;
      });
    },

    /** How many requests a window counted so far. */
    async count(name: string): Promise<number> {
      return Number((await refOf(name).get()).get('count') ?? 0);
    },
  };
}

export type RateLimitRepository = ReturnType<typeof rateLimitRepository>;
