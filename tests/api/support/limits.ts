import { getEnv } from '../../../functions/src/lib/env';
import {
  rateLimitSettingsFromEnv,
  type RateLimitRule,
  type RateLimitSettings,
  type RuleLimits,
} from '../../../functions/src/lib/rate-limits';

/**
 * The suite's rate limit settings with some changed, for `createApp({ rateLimits })`. Tests turn
 * per-address limits on loopback with `limitLoopback: true`, or send `X-Forwarded-For` as the
 * platform does (client, then one proxy: two hops) to act as other addresses.
 */
export function limitsWith(
  rules: Partial<Record<RateLimitRule, Partial<RuleLimits>>>,
  settings: Partial<Omit<RateLimitSettings, 'rules'>> = {},
): () => RateLimitSettings {
  const base = rateLimitSettingsFromEnv(getEnv());
  const merged: RateLimitSettings = { ...base, ...settings, rules: { ...base.rules } };
  for (const [rule, limits] of Object.entries(rules) as [RateLimitRule, Partial<RuleLimits>][]) {
    merged.rules[rule] = { ...merged.rules[rule], ...limits };
  }
  return () => merged;
}

/** `X-Forwarded-For` of a request from `address` through Hosting and Cloud Run's front end. */
export const from = (address: string) => ({ 'x-forwarded-for': `${address}, 10.1.2.3` });
