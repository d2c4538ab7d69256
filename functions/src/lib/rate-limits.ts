import type { Env } from './env';

/** The route families with their own request limits. */
export const RATE_LIMIT_RULES = [
  'register',
  'forgot-password',
  'google-sign-in',
  'testimonials',
  'ai',
  'progress',
  'answers',
  'quiz',
  'new-learner',
  'import',
  'tree',
  'export',
  'publish',
  'resend-verification',
  'diagrams',
  'quiz-settings',
  'sources',
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
  /** Whether loopback addresses are limited per address like any other (on the emulators). */
  limitLoopback: boolean;
  /**
   * Whether the API runs on the emulators: only then are requests from this machine left
   * unlimited per address (unless `limitLoopback`).
   */
  onEmulators: boolean;
  /** See CLIENT_ADDRESS_PROXY_HOPS in env.ts. */
  proxyHops: number;
}

/**
 * Inside the Functions emulator, or an API in this process whose Auth is the emulator (the API
 * tests). A deployed function with an emulator host set refuses every request anyway.
 */
export const runsOnEmulators = (env: Env): boolean =>
  env.FUNCTIONS_EMULATOR || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);

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
      answers: {
        windowMs: MINUTE_MS,
        perUser: env.RATE_LIMIT_ANSWERS_PER_USER,
        perAddress: env.RATE_LIMIT_ANSWERS_PER_ADDRESS,
      },
      quiz: {
        windowMs: MINUTE_MS,
        perUser: env.RATE_LIMIT_QUIZ_PER_USER,
        perAddress: env.RATE_LIMIT_QUIZ_PER_ADDRESS,
      },
      'new-learner': {
        windowMs: HOUR_MS,
        perUser: 0,
        perAddress: env.RATE_LIMIT_NEW_LEARNERS_PER_ADDRESS,
      },
      import: {
        windowMs: HOUR_MS,
        perUser: env.RATE_LIMIT_IMPORT_PER_USER,
        perAddress: env.RATE_LIMIT_IMPORT_PER_ADDRESS,
      },
      tree: {
        windowMs: MINUTE_MS,
        perUser: env.RATE_LIMIT_TREE_PER_USER,
        perAddress: env.RATE_LIMIT_TREE_PER_ADDRESS,
      },
      export: {
        windowMs: HOUR_MS,
        perUser: env.RATE_LIMIT_EXPORT_PER_USER,
        perAddress: env.RATE_LIMIT_EXPORT_PER_ADDRESS,
      },
      publish: {
        windowMs: HOUR_MS,
        perUser: env.RATE_LIMIT_PUBLISH_PER_USER,
        perAddress: env.RATE_LIMIT_PUBLISH_PER_ADDRESS,
      },
      'resend-verification': {
        windowMs: HOUR_MS,
        perUser: env.RATE_LIMIT_RESEND_VERIFICATION_PER_USER,
        perAddress: env.RATE_LIMIT_RESEND_VERIFICATION_PER_ADDRESS,
      },
      diagrams: {
        windowMs: HOUR_MS,
        perUser: env.RATE_LIMIT_DIAGRAMS_PER_USER,
        perAddress: env.RATE_LIMIT_DIAGRAMS_PER_ADDRESS,
      },
      'quiz-settings': {
        windowMs: HOUR_MS,
        perUser: env.RATE_LIMIT_QUIZ_SETTINGS_PER_USER,
        perAddress: env.RATE_LIMIT_QUIZ_SETTINGS_PER_ADDRESS,
      },
      sources: {
        windowMs: HOUR_MS,
        perUser: env.RATE_LIMIT_SOURCES_PER_USER,
        perAddress: env.RATE_LIMIT_SOURCES_PER_ADDRESS,
      },
    },
    aiRequestsPerDay: env.AI_REQUESTS_PER_DAY,
    limitLoopback: env.RATE_LIMIT_LOOPBACK,
    onEmulators: runsOnEmulators(env),
    proxyHops: env.CLIENT_ADDRESS_PROXY_HOPS,
  };
}

const RULE_TAG = Symbol('rate limit rule');

/** Marks a guard with the rule it counts for, where `ruleOf` finds it. */
export function tagWithRule<T extends object>(handler: T, rule: RateLimitRule): T {
  return Object.assign(handler, { [RULE_TAG]: rule });
}

/** The rule a route handler counts for, when it is a limit guard. */
export function ruleOf(handler: unknown): RateLimitRule | undefined {
  if (typeof handler !== 'function' || !(RULE_TAG in handler)) return undefined;
  const rule: unknown = handler[RULE_TAG];
  return RATE_LIMIT_RULES.find((known) => known === rule);
}
