import * as z from 'zod';

/**
 * What went wrong, for code to act on; the message beside it is for people and may change.
 * A closed list: a new kind of failure adds its code here.
 */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'NOT_FOUND',
  'VALIDATION',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CONFLICT',
  'JOB_RUNNING',
  'GENERATION_RUNNING',
  'NO_ATTEMPTS_LEFT',
  'ATTEMPT_SUBMITTED',
  'TOO_MANY_SOURCES',
  'SOURCES_READING',
  'RATE_LIMITED',
  'AI_BUDGET_SPENT',
  'GEMINI_KEY_MISSING',
  'GEMINI_KEY_INVALID',
  'GEMINI_UNAVAILABLE',
  'GEMINI_BUSY',
  'GEMINI_CUT_OFF',
  'GEMINI_DECLINED',
  'MISCONFIGURED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Body of every non-2xx API response: `details` holds what code needs beyond the code, such as
 * `fields` (path → message) of a `VALIDATION` or `job_id` of a `JOB_RUNNING`.
 */
export const apiErrorSchema = z.strictObject({
  error: z.string(),
  code: errorCodeSchema,
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** `details` of a 409 `JOB_RUNNING`: the job that runs. */
export const jobRunningDetailsSchema = z.object({ job_id: z.string() });
