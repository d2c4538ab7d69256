import type { Transaction } from 'firebase-admin/firestore';

/**
 * A condition a write checks inside its own transaction, so the condition and the write are
 * one atomic step: a whole-course job's step stores its answer only while the job still wants
 * it (not stopped, the course not deleted).
 */
export interface WriteGuard {
  holds(tx: Transaction): Promise<boolean>;
}
