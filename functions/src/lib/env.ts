import * as z from 'zod';
import { version as packageVersion } from '../../package.json';

/** Blank counts as unset, so `FOO=` in a shell or .env file means "use the default". */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalText = z.preprocess(blankAsUnset, z.string().trim().optional());

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
    /** How long one Gemini call may take before the user is told it timed out. */
    GEMINI_TIMEOUT_MS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1000).max(540_000).default(120_000),
    ),
    /** How many AI requests one user may have running at once (across all instances). */
    AI_REQUESTS_PER_USER: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1).max(50).default(4),
    ),
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
