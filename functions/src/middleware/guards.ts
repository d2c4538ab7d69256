import type { RequestHandler } from 'express';
import type { RateLimitRule } from '../lib/rate-limits';

/**
 * The access checks a router attaches to each of its routes, built once in app.ts: `signedIn`
 * (a valid ID token of a real account, else 401), `learner` (a valid ID token, anonymous guests
 * included, else 401) and `admin` (after `signedIn`: the live admin claim, else 403). A public
 * route has none. `limit(rule)` counts the request against the rule's limits per client address
 * and, placed after `signedIn` or `learner`, per user (429 with `Retry-After` beyond them).
 * `limitLater(rule)` lets the handler count the request when the service finds that the rule
 * applies (`deferredLimitOf(res, rule)`).
 */
export interface Guards {
  signedIn: RequestHandler;
  learner: RequestHandler;
  admin: RequestHandler;
  limit: (rule: RateLimitRule) => RequestHandler;
  limitLater: (rule: RateLimitRule) => RequestHandler;
}
