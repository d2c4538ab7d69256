import { CURRENT_PASSWORD_REQUIRED, NEW_PASSWORD_REQUIRED } from '@coursecraft/contracts';
import { firebaseErrorCode } from '../../lib/firebase-error';

/** User-visible texts of the profile page. */
export const PROFILE_TEXT = {
  loginFirst: 'You need to log in first',
  loadFailed: 'Failed to load your profile. Please try again.',
  currentRequired: CURRENT_PASSWORD_REQUIRED,
  newRequired: NEW_PASSWORD_REQUIRED,
  passwordChanged: 'Password changed successfully',
  changeFailed: 'Failed to change password',
  wrongCurrentPassword: 'Current password is incorrect',
  apiKeySaved: 'Your Google API key was saved.',
  apiKeyRemoved: 'Your Google API key was removed.',
  apiKeySaveFailed: 'Failed to save your API key. Please try again.',
  apiKeyRemoveFailed: 'Failed to remove your API key. Please try again.',
} as const;

/** The pause before a visitor on the profile page is sent to /auth. */
export const LOGIN_FIRST_REDIRECT_MS = 2000;

/** Why a password change failed, in words. */
export function changePasswordMessage(error: unknown): string {
  switch (firebaseErrorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return PROFILE_TEXT.wrongCurrentPassword;
    case 'auth/too-many-requests':
      return 'Too many failed attempts. Please try again later.';
    case 'auth/network-request-failed':
      return 'Network error. Please check your connection and try again.';
    case 'auth/weak-password':
      return 'Please choose a stronger password.';
    default:
      return PROFILE_TEXT.changeFailed;
  }
}
