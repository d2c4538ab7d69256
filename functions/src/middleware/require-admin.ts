import type { RequestHandler } from 'express';
import { callerOf } from '../lib/caller';
import { HttpError } from '../lib/http-error';

/** After require-auth: only callers holding the `admin` custom claim get through. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (!callerOf(res).isAdmin) throw new HttpError(403, 'Admin access required');
  next();
};
