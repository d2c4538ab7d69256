import { db } from '../../lib/firebase-admin';

/** Writes a probe document and reads it back; throws if Firestore does not round-trip it. */
export async function probeFirestore(): Promise<void> {
  const probe = db().doc('_health/probe');
  const nonce = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await probe.set({ nonce, at: new Date() });
  const snapshot = await probe.get();
  if (snapshot.get('nonce') !== nonce) throw new Error('Firestore returned a stale health probe');
}
