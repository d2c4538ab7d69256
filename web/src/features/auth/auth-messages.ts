import { CREDENTIALS_REQUIRED, EMAIL_REQUIRED, PASSWORD_REQUIRED } from '@coursecraft/contracts';
import { firebaseErrorCode } from '../../lib/firebase-error';

/** User-visible texts of the sign-in, forgot-password, reset-password and verify-email screens. */
export const AUTH_TEXT = {
  missingCredentials: CREDENTIALS_REQUIRED,
  unexpected: 'An unexpected error occurred',
  registered:
    'Registration successful! Please check your email for a welcome message and then login.',
  googleFailed: 'Google sign-in failed. Please try again.',
  invalidBackendResponse: 'Invalid response from backend',
  invalidCredentials: 'Invalid email or password.',
  disabled: 'Your account has been disabled.',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  network: 'Network error. Please check your connection and try again.',
  popupBlocked: 'The sign-in popup was blocked. Please allow popups for this site and try again.',
  unauthorizedDomain: 'Google sign-in is not enabled for this site.',
  emailRequired: EMAIL_REQUIRED,
  invalidEmail: 'Please enter a valid email address',
  resetRequested:
    'If your email exists in our system, you will receive a password reset link shortly.',
  missingResetToken: 'Missing password reset token. Please use the link from your email.',
  invalidResetToken: 'This password reset link has expired or is invalid.',
  resetFailed: 'Failed to reset password',
  resetDone: 'Your password has been reset successfully.',
  passwordRequired: PASSWORD_REQUIRED,
  missingVerifyCode: 'Missing verification code. Please use the link from your email.',
  invalidVerifyCode: 'This verification link has expired or has already been used.',
  verifyFailed: 'Failed to verify your e-mail. Please try again.',
  emailVerified: 'Your e-mail address is verified. Thank you!',
} as const;

/** Messages for Firebase Auth failures common to password and Google sign-in. */
const COMMON: Record<string, string> = {
  'auth/user-disabled': AUTH_TEXT.disabled,
  'auth/too-many-requests': AUTH_TEXT.tooManyAttempts,
  'auth/network-request-failed': AUTH_TEXT.network,
};

const PASSWORD_SIGN_IN: Record<string, string> = {
  ...COMMON,
  'auth/invalid-credential': AUTH_TEXT.invalidCredentials,
  'auth/invalid-login-credentials': AUTH_TEXT.invalidCredentials,
  'auth/wrong-password': AUTH_TEXT.invalidCredentials,
  'auth/user-not-found': AUTH_TEXT.invalidCredentials,
  'auth/invalid-email': AUTH_TEXT.invalidCredentials,
};

const GOOGLE_SIGN_IN: Record<string, string> = {
  ...COMMON,
  'auth/popup-blocked': AUTH_TEXT.popupBlocked,
  'auth/unauthorized-domain': AUTH_TEXT.unauthorizedDomain,
  'auth/operation-not-allowed': AUTH_TEXT.unauthorizedDomain,
};

/** Closing the popup is the user's choice, not an error worth a banner. */
export function isGoogleSignInCancelled(error: unknown): boolean {
  const code = firebaseErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}

export function passwordSignInMessage(error: unknown): string {
  return PASSWORD_SIGN_IN[firebaseErrorCode(error) ?? ''] ?? AUTH_TEXT.unexpected;
}

export function googleSignInMessage(error: unknown): string {
  return GOOGLE_SIGN_IN[firebaseErrorCode(error) ?? ''] ?? AUTH_TEXT.googleFailed;
}

/** Codes of an invalid or used-up reset link, as opposed to a failure to check it. */
export function isInvalidResetCode(error: unknown): boolean {
  const code = firebaseErrorCode(error);
  return (
    code === 'auth/invalid-action-code' ||
    code === 'auth/expired-action-code' ||
    code === 'auth/user-disabled' ||
    code === 'auth/user-not-found'
  );
}

/** Why a verification link was not applied. */
export function verifyEmailMessage(error: unknown): string {
  return isInvalidResetCode(error) ? AUTH_TEXT.invalidVerifyCode : AUTH_TEXT.verifyFailed;
}

export function resetPasswordMessage(error: unknown): string {
  const code = firebaseErrorCode(error);
  if (code === 'auth/weak-password') return 'Please choose a stronger password.';
  if (code === 'auth/expired-action-code' || code === 'auth/invalid-action-code') {
    return AUTH_TEXT.invalidResetToken;
  }
  return COMMON[code ?? ''] ?? AUTH_TEXT.resetFailed;
}
