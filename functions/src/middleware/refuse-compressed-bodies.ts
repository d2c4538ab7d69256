import type { RequestHandler } from 'express';
import { compressedBodyRefusal, isCompressedRequest } from '../lib/compressed-requests';

/**
 * A compressed request body is refused before any parser could inflate it (express.json would),
 * with the answer the front gate gives in front of the functions framework (front-gate.ts).
 */
export const refuseCompressedBodies: RequestHandler = (req, _res, next) => {
  if (isCompressedRequest(req.headers)) throw compressedBodyRefusal();
  next();
};
