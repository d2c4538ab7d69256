import { firebaseErrorCode } from './firebase-error';
import { HttpError } from './http-error';

/** What the API needs from a verified Firebase ID token. */
export interface VerifiedToken {
  uid: string;
  email?: string;
  email_verified?: unknown;
  admin?: unknown;
  /** Firebase's own claims; `sign_in_provider` is `anonymous` for a guest account. */
  firebase?: { sign_in_provider?: unknown };
}

/** Verifies an ID token, including whether it was revoked or its user disabled. */
export type IdTokenVerifier = (idToken: string) => Promise<VerifiedToken>;

/** The 401 and 403 messages, one per way a request can fail authentication or authorization. */
export const AUTH_MESSAGES = {
  missing: 'Authentication required',
  revoked: 'Your session has been revoked. Please log in again.',
  disabled: 'Your account has been disabled.',
  invalid: 'Your session has expired. Please log in again.',
  adminRequired: 'Admin access required',
} as const;

/** Failures of the server or its configuration, not of the token: they surface as a 500. */
const SERVER_SIDE_CODES = new Set(['auth/internal-error', 'auth/invalid-credential']);

/**
 * Verifies `idToken`, turning every client-side failure (expired, revoked, disabled, malformed)
 * into a 401 with the matching message; server-side failures stay errors (500).
 */
export async function verifyOrReject(
  verify: IdTokenVerifier,
  idToken: string,
): Promise<VerifiedToken> {
  try {
    return await verify(idToken);
  } catch (error) {
    const code = firebaseErrorCode(error);
    if (code === 'auth/id-token-revoked')
      throw new HttpError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.revoked);
    if (code === 'auth/user-disabled')
      throw new HttpError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.disabled);
    if (!code?.startsWith('auth/') || SERVER_SIDE_CODES.has(code)) throw error;
    throw new HttpError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.invalid);
  }
}
