import type { RequestHandler } from 'express';

/**
 * Every API answer is private unless its route says otherwise: `Cache-Control: no-store` is set
 * first, and only the publicly cacheable routes (local-store images, published course snapshots)
 * replace it. Error answers keep it, whatever route they come from.
 */
export const noStoreByDefault: RequestHandler = (_req, res, next) => {
  res.set('cache-control', 'no-store');
  next();
};
