import type { Request, RequestHandler, Response } from 'express';
import { clientKeyOf } from '../../lib/client-address';
import { tagWithRule, type RateLimitRule, type RateLimitSettings } from '../../lib/rate-limits';
import { setDeferredLimit } from '../../middleware/deferred-limits';
import type { Guards } from '../../middleware/guards';
import { signedInCallerOf } from '../../middleware/request-caller';
import type { RateLimitsService, RequestSubjects } from './rate-limits-service';

/**
 * The `limit(rule)` and `limitLater(rule)` guards: each counts the request against the rule for
 * its caller (when a guard before signed them in) and its client address (see clientKeyOf),
 * `limit` at once, `limitLater` when the handler finds the rule applies. Both handlers carry
 * their rule (`ruleOf`), so a test can read every route's limits from the router.
 */
export function rateLimitGuards(
  limits: Pick<RateLimitsService, 'consume'>,
  settings: () => RateLimitSettings,
): Pick<Guards, 'limit' | 'limitLater'> {
  const subjectsOf = (req: Request, res: Response): RequestSubjects => {
    const { proxyHops, limitLoopback, onEmulators } = settings();
    return {
      uid: signedInCallerOf(res)?.uid ?? null,
      client: clientKeyOf(req.get('x-forwarded-for'), req.socket.remoteAddress, {
        proxyHops,
        loopbackExempt: onEmulators && !limitLoopback,
      }),
    };
  };
  return {
    limit: (rule) =>
      tagWithRule<RequestHandler>(async (req, res, next) => {
        await limits.consume(rule, subjectsOf(req, res));
        next();
      }, rule),
    limitLater: (rule: RateLimitRule) =>
      tagWithRule<RequestHandler>((req, res, next) => {
        setDeferredLimit(res, rule, () => limits.consume(rule, subjectsOf(req, res)));
        next();
      }, rule),
  };
}
