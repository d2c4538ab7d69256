import { getEnv } from '../../../functions/src/lib/env';
import {
  rateLimitSettingsFromEnv,
  type RateLimitRule,
  type RateLimitSettings,
  type RuleLimits,
} from '../../../functions/src/lib/rate-limits';

/**
 * The suite's rate limit settings with some changed, for `createApp({ rateLimits })`. Tests turn
 * per-address limits on loopback with `limitLoopback: true`, act as a deployed API with
 * `onEmulators: false`, or send `X-Forwarded-For` as the platform does (client, then one proxy:
 * two hops) to act as other addresses.
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

/**
 * 1 ms before the hour (and so the minute) turns: the clock every test of a limit's window runs
 * on (`createApp({ now: atWindowEdge })`), so no test depends on the real minute and each shows
 * its requests counted in one window even at its very end.
 */
export const WINDOW_EDGE = Date.parse('2026-11-26T09:59:59.999Z');
export const atWindowEdge = () => new Date(WINDOW_EDGE);
