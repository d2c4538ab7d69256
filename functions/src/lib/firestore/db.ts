import type { Firestore } from 'firebase-admin/firestore';
import { adminApp } from '../firebase-admin';
import { firestoreSdk } from './sdk';

let firestore: Firestore | undefined;

/**
 * Firestore, configured once; writing `undefined` fields omits them instead of throwing. Only
 * repositories call it (lint checks).
 */
export function db(): Firestore {
  if (!firestore) {
    firestore = firestoreSdk().getFirestore(adminApp());
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}
