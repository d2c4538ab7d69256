import type { RequestHandler } from 'express';
import { callerOf } from '../lib/caller';
import { HttpError } from '../lib/http-error';
import { AUTH_MESSAGES } from './require-auth';

/** After require-auth: only callers holding the `admin` custom claim get through. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (!callerOf(res).isAdmin) throw new HttpError(403, AUTH_MESSAGES.adminRequired);
  next();
};
