import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { env } from '../config/env';

export const firebaseApp = initializeApp(env.firebase);

/**
 * Auth without a popup/redirect resolver keeps the landing bundle small; Google sign-in passes
 * `browserPopupRedirectResolver` when it calls `signInWithPopup`.
 */
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

if (env.authEmulatorUrl) {
  connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
}
