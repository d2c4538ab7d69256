import { Router } from 'express';
import type { HealthRepository } from './health-repository';
import { checkHealth } from './health-service';

export interface HealthRouteDependencies {
  healthRepository: HealthRepository;
  version: () => string;
}

/** `GET /health` (public): 200 after a real Firestore round trip, 503 when it fails. */
export function healthRoutes({ healthRepository, version }: HealthRouteDependencies): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const health = await checkHealth(healthRepository, version());
    res
      .status(health.status === 'ok' ? 200 : 503)
      .set('cache-control', 'no-store')
      .json(health);
  });
  return router;
}
