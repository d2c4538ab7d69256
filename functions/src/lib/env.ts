import { z } from 'zod';

const envSchema = z
  .object({
    GCLOUD_PROJECT: z.string().min(1).optional(),
    FUNCTIONS_EMULATOR: z.string().optional(),
    IMAGE_STORE: z.enum(['cloud', 'local']).default('cloud'),
    LOCAL_IMAGE_DIR: z.string().min(1).optional(),
    STORAGE_BUCKET: z.string().min(1).optional(),
    STORAGE_EMULATOR_HOST: z.string().min(1).optional(),
    APP_VERSION: z.string().min(1).default('dev'),
  })
  .refine((env) => env.IMAGE_STORE !== 'local' || env.LOCAL_IMAGE_DIR, {
    message: 'LOCAL_IMAGE_DIR is required when IMAGE_STORE is local',
    path: ['LOCAL_IMAGE_DIR'],
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * The API's configuration, validated on first use rather than at import, so that loading the
 * bundle (e.g. for `firebase deploy` analysis) never fails on a missing variable.
 */
export function getEnv(): Env {
  cached ??= envSchema.parse(process.env);
  return cached;
}
