import { Router } from 'express';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import type { RateLimitsService } from './rate-limits-service';

/** `GET /ai-usage` (signed in): the caller's AI requests today and their daily budget. */
export function rateLimitsRoutes(limits: RateLimitsService, { signedIn }: Guards): Router {
  const router = Router();
  router.get('/ai-usage', signedIn, async (_req, res) => {
    res.set('cache-control', 'no-store').json(await limits.aiUsage(uidOf(res)));
  });
  return router;
}
