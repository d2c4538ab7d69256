import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage, type Storage } from 'firebase-admin/storage';

const DEFAULT_APP_NAME = '[DEFAULT]';

let firestore: Firestore | undefined;

/**
 * The default Admin app, created on first use. Without arguments the SDK reads FIREBASE_CONFIG
 * and GCLOUD_PROJECT (Cloud Functions, the Functions emulator, tests) and follows the
 * *_EMULATOR_HOST variables.
 */
export function adminApp(): App {
  return getApps().find((app) => app.name === DEFAULT_APP_NAME) ?? initializeApp();
}

/** Firestore, configured once; writing `undefined` fields omits them instead of throwing. */
export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(adminApp());
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}

export function adminStorage(): Storage {
  return getStorage(adminApp());
}
