import { SOURCE_BUDGET_TOKENS_DEFAULT } from '@coursecraft/contracts';
import * as z from 'zod';
import { version as packageVersion } from '../../package.json';

/** Blank counts as unset, so `FOO=` in a shell or .env file means "use the default". */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalText = z.preprocess(blankAsUnset, z.string().trim().optional());

/** A number of requests per window; 0 means no limit. */
const limitSetting = (fallback: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(1_000_000).default(fallback));

const envSchema = z
  .object({
    /** Set by Cloud Functions and the emulators; tests set it themselves. */
    GCLOUD_PROJECT: optionalText,
    /** `true` inside the Functions emulator. */
    FUNCTIONS_EMULATOR: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    FIRESTORE_EMULATOR_HOST: optionalText,
    FIREBASE_AUTH_EMULATOR_HOST: optionalText,
    /** `cloud`: Cloud Storage (or its emulator); `local`: files under LOCAL_IMAGE_DIR (offline). */
    IMAGE_STORE: z.preprocess(blankAsUnset, z.enum(['cloud', 'local']).default('cloud')),
    LOCAL_IMAGE_DIR: optionalText,
    /** Where the authors' source files live when IMAGE_STORE is local: never under LOCAL_IMAGE_DIR. */
    LOCAL_SOURCE_DIR: optionalText,
    /**
     * Estimated tokens of the authors' sources one outline request may read: set by Gemini's
     * latency and cost, far below its context window. What does not fit is listed as left out.
     */
    SOURCE_BUDGET_TOKENS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(100).max(2_000_000).default(SOURCE_BUDGET_TOKENS_DEFAULT),
    ),
    /** Bucket for images; defaults to the app's configured bucket, then `<project>.appspot.com`. */
    STORAGE_BUCKET: optionalText,
    STORAGE_EMULATOR_HOST: optionalText,
    FIREBASE_STORAGE_EMULATOR_HOST: optionalText,
    /** Base64 of 32 random bytes; encrypts users' Google API keys (a Functions secret). */
    API_KEY_ENCRYPTION_KEY: optionalText,
    /**
     * Comma-separated origins of the web app, e.g. `https://coursecraft.web.app`. Links in
     * e-mails point at the first, or at the client's `frontend_url` when it is one of them.
     */
    APP_ORIGINS: z.preprocess(
      blankAsUnset,
      z
        .string()
        .optional()
        .transform((value) =>
          (value ?? '')
            .split(',')
            .map((origin) => origin.trim().replace(/\/+$/, ''))
            .filter(Boolean),
        ),
    ),
    /** Gemini's REST root; unset means Google's. Local runs and tests point it at a fake. */
    GOOGLE_GEMINI_BASE_URL: optionalText,
    /** The model that drafts courses, outlines and lessons. */
    GEMINI_TEXT_MODEL: z.preprocess(blankAsUnset, z.string().trim().default('gemini-2.5-flash')),
    /** The model that draws cover images. */
    GEMINI_IMAGE_MODEL: z.preprocess(
      blankAsUnset,
      z.string().trim().default('gemini-2.5-flash-image'),
    ),
    /**
     * How long one Gemini call may take before the user is told it timed out. A whole AI request
     * is also cut at its function's deadline (see lib/gemini/ai-deadline.ts), whichever comes first.
     */
    GEMINI_TIMEOUT_MS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1000).max(540_000).default(45_000),
    ),
    /** How many AI requests one user may have running at once (across all instances). */
    AI_REQUESTS_PER_USER: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1).max(50).default(4),
    ),
    /** Gemini calls one user may make per UTC day; 0 turns the budget off. */
    AI_REQUESTS_PER_DAY: limitSetting(1000),
    /** Per-address limits of the public routes, per hour (0: no limit). */
    RATE_LIMIT_REGISTER_PER_ADDRESS: limitSetting(10),
    RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS: limitSetting(10),
    RATE_LIMIT_GOOGLE_SIGN_IN_PER_ADDRESS: limitSetting(60),
    /** Testimonial writes (write, edit, delete) per hour. */
    RATE_LIMIT_TESTIMONIALS_PER_USER: limitSetting(20),
    RATE_LIMIT_TESTIMONIALS_PER_ADDRESS: limitSetting(100),
    /** Requests to AI routes per minute, on top of the daily budget and the concurrent slots. */
    RATE_LIMIT_AI_PER_USER: limitSetting(30),
    RATE_LIMIT_AI_PER_ADDRESS: limitSetting(120),
    /** Learner progress writes per minute. */
    RATE_LIMIT_PROGRESS_PER_USER: limitSetting(60),
    RATE_LIMIT_PROGRESS_PER_ADDRESS: limitSetting(600),
    RATE_LIMIT_ANSWERS_PER_USER: limitSetting(60),
    RATE_LIMIT_ANSWERS_PER_ADDRESS: limitSetting(600),
    /** Chapter quiz starts and submits per minute. */
    RATE_LIMIT_QUIZ_PER_USER: limitSetting(30),
    RATE_LIMIT_QUIZ_PER_ADDRESS: limitSetting(300),
    /** Learners whose first progress one address may store per hour (on any course). */
    RATE_LIMIT_NEW_LEARNERS_PER_ADDRESS: limitSetting(30),
    /** Course imports per hour. */
    RATE_LIMIT_IMPORT_PER_USER: limitSetting(10),
    RATE_LIMIT_IMPORT_PER_ADDRESS: limitSetting(30),
    /** Reads of a whole course tree (the browser's exports) per minute. */
    RATE_LIMIT_TREE_PER_USER: limitSetting(30),
    RATE_LIMIT_TREE_PER_ADDRESS: limitSetting(120),
    /** Markdown bundle exports per hour. */
    RATE_LIMIT_EXPORT_PER_USER: limitSetting(30),
    RATE_LIMIT_EXPORT_PER_ADDRESS: limitSetting(100),
    /** Publishes (each a new snapshot of the course) per hour. */
    RATE_LIMIT_PUBLISH_PER_USER: limitSetting(30),
    RATE_LIMIT_PUBLISH_PER_ADDRESS: limitSetting(100),
    /** Requests to resend the verification e-mail per hour. */
    RATE_LIMIT_RESEND_VERIFICATION_PER_USER: limitSetting(5),
    RATE_LIMIT_RESEND_VERIFICATION_PER_ADDRESS: limitSetting(20),
    /** Uploads of diagram drawings (one lesson's each) per hour. */
    RATE_LIMIT_DIAGRAMS_PER_USER: limitSetting(600),
    RATE_LIMIT_DIAGRAMS_PER_ADDRESS: limitSetting(2000),
    /** Saves of a chapter's quiz settings per hour. */
    RATE_LIMIT_QUIZ_SETTINGS_PER_USER: limitSetting(600),
    RATE_LIMIT_QUIZ_SETTINGS_PER_ADDRESS: limitSetting(2000),
    /** Source uploads, replacements and removals per hour. */
    RATE_LIMIT_SOURCES_PER_USER: limitSetting(100),
    RATE_LIMIT_SOURCES_PER_ADDRESS: limitSetting(300),
    /**
     * How many proxies append to `X-Forwarded-For` in front of the API: the client's address is
     * the entry this many places from the right (Hosting appends the client, Google's front end
     * of Cloud Run appends Hosting). Anything left of it is whatever the client sent.
     */
    CLIENT_ADDRESS_PROXY_HOPS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1).max(10).default(2),
    ),
    /**
     * `true` applies per-address limits to loopback addresses too. Off by default: on the
     * emulators one developer's browser and the end-to-end tests all come from 127.0.0.1. A
     * deployed API never exempts loopback.
     */
    RATE_LIMIT_LOOPBACK: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    /** Reported by `GET /api/health`; defaults to the functions package version. */
    APP_VERSION: z.preprocess(blankAsUnset, z.string().trim().default(packageVersion)),
  })
  .refine((env) => env.IMAGE_STORE !== 'local' || env.LOCAL_IMAGE_DIR, {
    message: 'LOCAL_IMAGE_DIR is required when IMAGE_STORE is local',
    path: ['LOCAL_IMAGE_DIR'],
  });

export type Env = z.infer<typeof envSchema>;

/** Validates a set of variables; a misconfiguration is a server fault, never a client's 400. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  return result.data;
}

/** The process's variables as they are, for checks that look past the validated set. */
export const processVariables = (): Record<string, string | undefined> => process.env;

let cached: Env | undefined;

/**
 * The API's configuration, validated on first use rather than at import, so that loading the
 * bundle (e.g. for `firebase deploy` analysis) never fails on a missing variable.
 */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
