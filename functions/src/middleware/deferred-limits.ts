import type { Response } from 'express';
import type { RateLimitRule } from '../lib/rate-limits';

type DeferredLimits = Partial<Record<RateLimitRule, () => Promise<void>>>;

interface DeferredLimitLocals {
  deferredLimits?: DeferredLimits;
}

export function setDeferredLimit(res: Response, rule: RateLimitRule, count: () => Promise<void>) {
  const locals = res.locals as DeferredLimitLocals;
  locals.deferredLimits = { ...locals.deferredLimits, [rule]: count };
}

/**
 * Counts the request against `rule` when called (429 beyond it), for a route behind
 * `limitLater(rule)`: for limits only the service can tell apply. Without the guard, a
 * programming error.
 */
export function deferredLimitOf(res: Response, rule: RateLimitRule): () => Promise<void> {
  const count = (res.locals as DeferredLimitLocals).deferredLimits?.[rule];
  if (!count) throw new Error(`The route has no limitLater('${rule}') guard.`);
  return count;
}
