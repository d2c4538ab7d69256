import { Timestamp } from '../../lib/firestore/sdk';
import { db } from '../../lib/firestore/db';
import { healthProbeRef } from '../../lib/firestore/paths';

/** The Firestore round trip behind `GET /api/health`. */
export interface HealthRepository {
  /** Writes a probe and reads it back; throws unless Firestore returns what was written. */
  roundTrip(): Promise<void>;
}

export const firestoreHealthRepository: HealthRepository = {
  async roundTrip() {
    const probe = healthProbeRef(db());
    const nonce = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const at = Timestamp.now();
    await probe.set({ nonce, at });
    const snapshot = await probe.get();
    const readAt: unknown = snapshot.get('at');
    if (snapshot.get('nonce') !== nonce || !(readAt instanceof Timestamp) || !readAt.isEqual(at)) {
      throw new Error('Firestore did not return the health probe it was given');
    }
  },
};
