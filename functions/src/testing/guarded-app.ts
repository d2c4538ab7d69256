import express, { type Express } from 'express';
import type { IdTokenVerifier } from '../lib/id-token';
import { errorHandler } from '../middleware/error-handler';
import { requireAdmin } from '../middleware/require-admin';
import { requireAuth } from '../middleware/require-auth';
import { callerOf } from '../middleware/request-caller';

/**
 * A bare app exercising the auth guards: `/me` echoes the caller, `/admin` needs the claim,
 * `/learner` echoes the caller and lets anonymous guests in.
 */
export function guardedTestApp(verify: IdTokenVerifier): Express {
  const app = express();
  app.get('/me', requireAuth(verify), (_req, res) => {
    res.json(callerOf(res));
  });
  app.get('/admin', requireAuth(verify), requireAdmin, (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/learner', requireAuth(verify, { allowAnonymous: true }), (_req, res) => {
    res.json(callerOf(res));
  });
  app.use(errorHandler);
  return app;
}
