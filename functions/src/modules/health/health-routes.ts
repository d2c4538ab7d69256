import type { HealthResponse } from '@coursecraft/contracts';
import { Router } from 'express';

export interface HealthDependencies {
  probeFirestore: () => Promise<void>;
  version: () => string;
}

/** `GET /health` (public): 200 after a real Firestore round trip, 503 when it fails. */
export function healthRoutes({ probeFirestore, version }: HealthDependencies): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    let body: HealthResponse;
    try {
      await probeFirestore();
      body = { status: 'ok', firestore: 'ok', version: version() };
    } catch (error) {
      console.error('Health check: Firestore round trip failed', error);
      body = { status: 'degraded', firestore: 'error', version: version() };
    }
    res
      .status(body.status === 'ok' ? 200 : 503)
      .set('cache-control', 'no-store')
      .json(body);
  });
  return router;
}
