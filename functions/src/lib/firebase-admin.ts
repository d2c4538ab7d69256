import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage, type Storage } from 'firebase-admin/storage';

let firestore: Firestore | undefined;

function app(): App {
  return getApps()[0] ?? initializeApp();
}

/** Firestore, configured once; in emulators the SDK follows FIRESTORE_EMULATOR_HOST. */
export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(app());
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}

export function adminAuth(): Auth {
  return getAuth(app());
}

export function adminStorage(): Storage {
  return getStorage(app());
}
