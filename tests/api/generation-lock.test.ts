import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firestore/db';
import { LEASE_MS } from '../../functions/src/lib/firestore/lease';
import { generationLockRepository } from '../../functions/src/modules/generation/generation-lock-repository';
import { resetEmulators } from './support/emulators';

/** Lease documents on the Firestore emulator, with a clock the test moves. */
function locksAt(clock: { now: number }) {
  return generationLockRepository(db, () => clock.now);
}

describe('generation lock leases (Firestore emulator)', () => {
  beforeEach(resetEmulators);

  it('refuses a second holder while the lease is live, up to its last millisecond', async () => {
    const clock = { now: 1_000_000 };
    const locks = locksAt(clock);
    expect(await locks.tryAcquire('topics:c1/s1/ch1', 'first')).not.toBeNull();
    expect(await locks.tryAcquire('topics:c1/s1/ch1', 'second')).toBeNull();
    clock.now += LEASE_MS - 1;
    expect(await locks.tryAcquire('topics:c1/s1/ch1', 'second')).toBeNull();
  });

  it('hands a lease left by a request that died to the next request once it expires', async () => {
    const clock = { now: 1_000_000 };
    const locks = locksAt(clock);
    const releaseOfTheDead = await locks.tryAcquire('subjects:c1', 'dead');
    expect(releaseOfTheDead).not.toBeNull();
    clock.now += LEASE_MS + 1;
    const releaseOfTheNext = await locks.tryAcquire('subjects:c1', 'next');
    expect(releaseOfTheNext).not.toBeNull();
    // The lease is the new holder's now: a third request waits for it.
    expect(await locks.tryAcquire('subjects:c1', 'third')).toBeNull();
  });

  it('keeps locks of different names apart', async () => {
    const locks = locksAt({ now: 1_000_000 });
    expect(await locks.tryAcquire('image:c1', 'u1')).not.toBeNull();
    expect(await locks.tryAcquire('image:c2', 'u1')).not.toBeNull();
  });
});
