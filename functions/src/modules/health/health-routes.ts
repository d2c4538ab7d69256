import { Router } from 'express';
import type { HealthService } from './health-service';

/** `GET /health` (public): 200 after a real Firestore read, 503 when it fails. */
export function healthRoutes(health: HealthService): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const answer = await health.check();
    res
      .status(answer.status === 'ok' ? 200 : 503)
      .set('cache-control', 'no-store')
      .json(answer);
  });
  return router;
}
