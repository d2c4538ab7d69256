import { PUBLISHING_MESSAGES } from '@coursecraft/contracts';
import { ApiError, serverErrorOr } from '../../lib/api-client';
import { firebaseErrorCode } from '../../lib/firebase-error';

/** User-visible texts of the learner pages. */
export const LEARN_TEXT = {
  notAvailable: PUBLISHING_MESSAGES.notAvailable,
  courseLoadFailed: 'Failed to load the course. Please try again.',
  lessonLoadFailed: 'Failed to load the lesson. Please try again.',
  progressLoadFailed: 'Failed to load your progress.',
  saveFailed: 'Could not save your progress. Please try again.',
  noTopics: 'This course has no topics yet.',
  noLesson: 'There is no lesson for this topic yet.',
  noLessonHint: 'Move on to the next topic; this one may be filled in later.',
  topicNotFound: 'This topic is not part of the course.',
  backToCourse: 'Back to the course',
  progress: (done: number, total: number) => `${done} of ${total} topics completed`,
  savePrompt: 'Your progress is kept in this browser only. Create an account to keep it anywhere.',
  saved: 'Your progress is saved to your account.',
  emailInUse:
    'An account with this email already exists. Use Google, or log in and your progress there stays yours.',
  weakPassword: 'Please choose a stronger password.',
  invalidEmail: 'Please enter a valid email address',
  signUpFailed: 'Could not create your account. Please try again.',
  googleFailed: 'Google sign-in failed. Please try again.',
  popupBlocked: 'The sign-in popup was blocked. Please allow popups for this site and try again.',
  network: 'Network error. Please check your connection and try again.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;

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
  return ACCOUNT_ERRORS[firebaseErrorCode(error) ?? ''] ?? serverErrorOr(error, fallback);
}

/** Whether a failed load means the link leads nowhere: unknown, unpublished, or no such topic. */
export function isNotAvailable(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * What a failed progress save tells the learner: the server's word on a refused write (too many
 * updates, topics no longer in the course), else to try again.
 */
export function saveProgressMessage(error: unknown): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused ? serverErrorOr(error, LEARN_TEXT.saveFailed) : LEARN_TEXT.saveFailed;
}
