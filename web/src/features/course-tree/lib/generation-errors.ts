import type { ErrorCode } from '@coursecraft/contracts';
import { ApiError } from '../../../lib/api-client';

/** Without a saved key the server answers 403 `GEMINI_KEY_MISSING` and the page says this. */
export const API_KEY_NEEDED = 'You need to set your Google API key in your profile first.';

/** Gemini's answers the server puts in words whatever their status: cut off or declined. */
const WORDED_CODES: ReadonlySet<ErrorCode> = new Set(['GEMINI_CUT_OFF', 'GEMINI_DECLINED']);

/**
 * The message for a failed generation: the API key message when the key is missing; the server's own words when
 * it says which problem it was (key rejected, quota, Gemini busy, timeout, already running, an
 * answer cut off or declined); else `fallback`.
 */
export function generationErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'GEMINI_KEY_MISSING') return API_KEY_NEEDED;
  const worded = error.code !== undefined && WORDED_CODES.has(error.code);
  if ((worded || [400, 409, 429, 504].includes(error.status)) && error.serverMessage)
    return error.serverMessage;
  return fallback;
}

/** Logs a failed generation (with `fallback` as its label) and answers the message to show. */
export function reportGenerationFailure(error: unknown, fallback: string): string {
  console.error(fallback, error);
  return generationErrorMessage(error, fallback);
}
