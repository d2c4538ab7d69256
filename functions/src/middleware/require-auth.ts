import type { RequestHandler } from 'express';
import { HttpError } from '../lib/http-error';
import { AUTH_MESSAGES, verifyOrReject, type IdTokenVerifier } from '../lib/id-token';
import { setCaller } from './request-caller';

/** `Bearer <JWT>`; the scheme is case-insensitive (RFC 9110), the token base64url with dots. */
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*) *$/i;

/**
 * Rejects a request without a valid `Authorization: Bearer <ID token>` with 401. A token of an
 * anonymous (guest) account is refused the same way unless `allowAnonymous`: guests may keep
 * learner progress, never act as an author.
 */
export function requireAuth(
  verify: IdTokenVerifier,
  { allowAnonymous = false }: { allowAnonymous?: boolean } = {},
): RequestHandler {
  return async (req, res, next) => {
    const match = BEARER.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new HttpError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.missing);
    const token = await verifyOrReject(verify, match[1]);
    const isAnonymous = token.firebase?.sign_in_provider === 'anonymous';
    if (isAnonymous && !allowAnonymous)
      throw new HttpError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.missing);
    setCaller(res, {
      uid: token.uid,
      email: token.email ?? null,
      isAdmin: token.admin === true,
      emailVerified: token.email_verified === true,
      isAnonymous,
    });
    next();
  };
}
