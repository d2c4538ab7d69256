import { db } from '../../lib/firestore/db';
import { healthProbeRef } from '../../lib/firestore/paths';

/** The Firestore round trip behind `GET /api/health`. */
export interface HealthRepository {
  /** Reads the probe document (present or not); throws when Firestore does not answer. */
  roundTrip(): Promise<void>;
}

/**
 * A read, never a write: the health check is public, and anyone calling it in a loop must cost
 * one document read each, not a write to the database.
 */
export const firestoreHealthRepository: HealthRepository = {
  async roundTrip() {
    await healthProbeRef(db()).get();
  },
};
