import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getStorage, type Storage } from 'firebase-admin/storage';

const DEFAULT_APP_NAME = '[DEFAULT]';

/**
 * The default Admin app, created on first use. Without arguments the SDK reads FIREBASE_CONFIG
 * and GCLOUD_PROJECT (Cloud Functions, the Functions emulator, tests) and follows the
 * *_EMULATOR_HOST variables.
 */
export function adminApp(): App {
  return getApps().find((app) => app.name === DEFAULT_APP_NAME) ?? initializeApp();
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}

export function adminStorage(): Storage {
  return getStorage(adminApp());
}
