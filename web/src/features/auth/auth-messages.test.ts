import { describe, expect, it } from 'vitest';
import {
  AUTH_TEXT,
  googleSignInMessage,
  isGoogleSignInCancelled,
  passwordSignInMessage,
  resetPasswordMessage,
} from './auth-messages';

describe('sign-in messages', () => {
  it.each([
    ['auth/invalid-credential', AUTH_TEXT.invalidCredentials],
    ['auth/wrong-password', AUTH_TEXT.invalidCredentials],
    ['auth/user-disabled', AUTH_TEXT.disabled],
    ['auth/network-request-failed', AUTH_TEXT.network],
    ['auth/too-many-requests', AUTH_TEXT.tooManyAttempts],
    ['auth/something-new', AUTH_TEXT.unexpected],
  ])('password sign-in: %s', (code, message) => {
    expect(passwordSignInMessage({ code })).toBe(message);
  });

  it('falls back to the unexpected-error text for anything that is not a Firebase error', () => {
    expect(passwordSignInMessage(new Error('boom'))).toBe(AUTH_TEXT.unexpected);
  });

  it.each([
    ['auth/popup-blocked', AUTH_TEXT.popupBlocked],
    ['auth/unauthorized-domain', AUTH_TEXT.unauthorizedDomain],
    ['auth/user-disabled', AUTH_TEXT.disabled],
    ['auth/internal-error', AUTH_TEXT.googleFailed],
  ])('Google sign-in: %s', (code, message) => {
    expect(googleSignInMessage({ code })).toBe(message);
  });

  it('treats a closed popup as the user cancelling, not as an error', () => {
    expect(isGoogleSignInCancelled({ code: 'auth/popup-closed-by-user' })).toBe(true);
    expect(isGoogleSignInCancelled({ code: 'auth/popup-blocked' })).toBe(false);
  });

  it('explains an expired reset link and falls back for other reset failures', () => {
    expect(resetPasswordMessage({ code: 'auth/expired-action-code' })).toBe(
      AUTH_TEXT.invalidResetToken,
    );
    expect(resetPasswordMessage(new Error('x'))).toBe(AUTH_TEXT.resetFailed);
  });
});

describe('Google sign-in failures', () => {
  it('reports a backend answer without access_token, a server error and a provider error', async () => {
    const { googleErrorText, InvalidBackendResponseError } =
      await import('./api/sign-in-with-google');
    const { ApiError } = await import('../../lib/api-client');
    expect(googleErrorText(new InvalidBackendResponseError())).toBe(
      'Invalid response from backend',
    );
    expect(
      googleErrorText(new ApiError(401, 'x', { serverMessage: 'Your account has been disabled.' })),
    ).toBe('Your account has been disabled.');
    expect(googleErrorText(new ApiError(500, 'x'))).toBe(AUTH_TEXT.googleFailed);
    expect(googleErrorText({ code: 'auth/popup-blocked' })).toBe(AUTH_TEXT.popupBlocked);
  });
});
