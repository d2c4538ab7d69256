import type { Env } from './env';

/** The route families with their own request limits. */
export const RATE_LIMIT_RULES = [
  'register',
  'forgot-password',
  'google-sign-in',
  'testimonials',
  'ai',
  'progress',
] as const;
export type RateLimitRule = (typeof RATE_LIMIT_RULES)[number];

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** How many requests one user and one client address may make per window (0: no limit). */
export interface RuleLimits {
  windowMs: number;
  perUser: number;
  perAddress: number;
}

export interface RateLimitSettings {
  rules: Record<RateLimitRule, RuleLimits>;
  /** AI requests (Gemini calls) one user may make per UTC day; 0: no budget. */
  aiRequestsPerDay: number;
  /** Whether loopback addresses are limited per address like any other. */
  limitLoopback: boolean;
  /** See CLIENT_ADDRESS_PROXY_HOPS in env.ts. */
  proxyHops: number;
}

/** The limits as the environment sets them (see the README's table). */
export function rateLimitSettingsFromEnv(env: Env): RateLimitSettings {
  return {
    rules: {
      register: { windowMs: HOUR_MS, perUser: 0, perAddress: env.RATE_LIMIT_REGISTER_PER_ADDRESS },
      'forgot-password': {
        windowMs: HOUR_MS,
        perUser: 0,
        perAddress: env.RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS,
      },
      'google-sign-in': {
        windowMs: HOUR_MS,
        perUser: 0,
        perAddress: env.RATE_LIMIT_GOOGLE_SIGN_IN_PER_ADDRESS,
      },
      testimonials: {
        windowMs: HOUR_MS,
        perUser: env.RATE_LIMIT_TESTIMONIALS_PER_USER,
        perAddress: env.RATE_LIMIT_TESTIMONIALS_PER_ADDRESS,
      },
      ai: {
        windowMs: MINUTE_MS,
        perUser: env.RATE_LIMIT_AI_PER_USER,
        perAddress: env.RATE_LIMIT_AI_PER_ADDRESS,
      },
      progress: {
        windowMs: MINUTE_MS,
        perUser: env.RATE_LIMIT_PROGRESS_PER_USER,
        perAddress: env.RATE_LIMIT_PROGRESS_PER_ADDRESS,
      },
    },
    aiRequestsPerDay: env.AI_REQUESTS_PER_DAY,
    limitLoopback: env.RATE_LIMIT_LOOPBACK,
    proxyHops: env.CLIENT_ADDRESS_PROXY_HOPS,
  };
}
