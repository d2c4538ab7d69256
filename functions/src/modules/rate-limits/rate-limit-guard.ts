import type { RequestHandler } from 'express';
import { clientAddressOf, isLoopback } from '../../lib/client-address';
import type { RateLimitRule, RateLimitSettings } from '../../lib/rate-limits';
import { signedInCallerOf } from '../../middleware/request-caller';
import type { RateLimitsService } from './rate-limits-service';

/**
 * The `limit(rule)` guard: counts the request against the rule for its caller (when a guard
 * before signed them in) and its client address. Loopback addresses are not limited per address
 * unless the settings say so: locally every browser and test shares 127.0.0.1.
 */
export function rateLimitGuard(
  limits: Pick<RateLimitsService, 'consume'>,
  settings: () => RateLimitSettings,
): (rule: RateLimitRule) => RequestHandler {
  return (rule) => async (req, res, next) => {
    const { proxyHops, limitLoopback } = settings();
    const address = clientAddressOf(
      req.get('x-forwarded-for'),
      req.socket.remoteAddress,
      proxyHops,
    );
    const limitedAddress = address && (limitLoopback || !isLoopback(address)) ? address : null;
    await limits.consume(rule, {
      uid: signedInCallerOf(res)?.uid ?? null,
      address: limitedAddress,
    });
    next();
  };
}
