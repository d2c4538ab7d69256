import { firebaseErrorCode } from '../../lib/firebase-error';
import { LEARN_TEXT } from './learn-messages';
import { ProgressError } from './progress-api';

const ACCOUNT_ERRORS: Record<string, string> = {
  'auth/email-already-in-use': LEARN_TEXT.emailInUse,
  'auth/credential-already-in-use': LEARN_TEXT.emailInUse,
  'auth/weak-password': LEARN_TEXT.weakPassword,
  'auth/invalid-email': LEARN_TEXT.invalidEmail,
  'auth/popup-blocked': LEARN_TEXT.popupBlocked,
  'auth/network-request-failed': LEARN_TEXT.network,
  'auth/too-many-requests': LEARN_TEXT.tooManyAttempts,
};

/** Closing the Google popup is the learner's choice, not an error worth a message. */
export function isCancelledPopup(error: unknown): boolean {
  const code = firebaseErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}

/** What a failed "Save your progress" tells the learner. */
export function saveAccountMessage(error: unknown, fallback: string): string {
  const known = ACCOUNT_ERRORS[firebaseErrorCode(error) ?? ''];
  if (known) return known;
  return error instanceof ProgressError && error.status >= 400 && error.status < 500
    ? error.message
    : fallback;
}
