import type { Auth } from 'firebase-admin/auth';
import type { RequestHandler } from 'express';
import { HttpError } from '../lib/http-error';
import { AUTH_MESSAGES } from '../lib/id-token';
import { callerOf } from './request-caller';

/** After require-auth: only callers holding the `admin` custom claim get through. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (!callerOf(res).isAdmin) throw new HttpError(403, 'FORBIDDEN', AUTH_MESSAGES.adminRequired);
  next();
};

/**
 * Like requireAdmin, and the claim must still be on the account now: an ID token keeps the
 * claim it was issued with for up to an hour, so a revoked admin would otherwise keep access.
 */
export function requireCurrentAdmin(auth: () => Auth): RequestHandler {
  return async (_req, res, next) => {
    if (!callerOf(res).isAdmin) throw new HttpError(403, 'FORBIDDEN', AUTH_MESSAGES.adminRequired);
    const record = await auth().getUser(callerOf(res).uid);
    if (record.customClaims?.admin !== true) {
      throw new HttpError(403, 'FORBIDDEN', AUTH_MESSAGES.adminRequired);
    }
    next();
  };
}
