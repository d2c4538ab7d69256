import type { ErrorCode } from '@coursecraft/contracts';
import { AI_MESSAGES } from '../../lib/gemini/gemini-client';
import { HttpError } from '../../lib/http-error';
import type { StepResult } from './job-record';

/** How many times a step is tried before it is recorded as failed (Cloud Tasks retries between). */
export const STEP_TRIES = 3;

/** Longest a step waits, after Gemini asked for a delay, before the queue tries it again. */
export const GEMINI_RETRY_WAIT_MAX_MS = 60_000;

/**
 * What the task queue should do after a step ran: nothing more, or try it again later, once
 * `waitMs` (Gemini's own retry delay, when it gave one) has passed.
 */
export type StepVerdict = { retry: false } | { retry: true; reason: string; waitMs?: number };

const BUSY_CODES: ReadonlySet<ErrorCode> = new Set(['GENERATION_RUNNING', 'RATE_LIMITED']);
const FATAL_CODES: ReadonlySet<ErrorCode> = new Set([
  'GEMINI_KEY_MISSING',
  'GEMINI_KEY_INVALID',
  'AI_BUDGET_SPENT',
]);

/**
 * Failures of this node alone that the same prompt would meet again: Gemini declined to write
 * it. A cut-off answer is not among them, since the next answer may be shorter.
 */
const FINAL_CODES: ReadonlySet<ErrorCode> = new Set(['GEMINI_DECLINED']);

/**
 * A failure that clears by itself soon: a button holds the node's lock, or every AI slot is
 * taken (inside a step, the only 429 that is not the daily budget).
 */
export const isBusy = (error: unknown): boolean =>
  error instanceof HttpError && BUSY_CODES.has(error.code);

/**
 * A failure the author must fix or wait out (no key, a refused key, today's AI budget spent): no
 * use trying this or any step again now.
 */
export const isFatal = (error: unknown): boolean =>
  error instanceof HttpError && FATAL_CODES.has(error.code);

/** The delay Gemini asked for before the next try (a 429 `GEMINI_BUSY`), in ms, at most the cap. */
export function geminiRetryWaitMs(error: unknown): number | undefined {
  if (!(error instanceof HttpError) || error.code !== 'GEMINI_BUSY') return undefined;
  const seconds = Number(error.headers['Retry-After']);
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(seconds * 1000, GEMINI_RETRY_WAIT_MAX_MS);
}

/** Whether a step that failed with `error` waits and tries its fill again (before `giveUpAt`). */
export const waitsWhileBusy = (error: unknown, now: number, giveUpAt: number): boolean =>
  isBusy(error) && now < giveUpAt;

/**
 * What a step's failure on try `retryCount` (0 the first, as Cloud Tasks counts) leads to: the
 * queue tries it again later (after Gemini's retry delay, when it gave one), unless the failure
 * is fatal, final for this node (Gemini declined) or this was the last try; then the step is
 * recorded as failed with the failure's message (a failure that is no HttpError is shown as
 * Gemini being unavailable).
 */
export function failedStepVerdict(
  error: unknown,
  retryCount: number,
): { retry: true; reason: string; waitMs?: number } | { retry: false; result: StepResult } {
  const fatal = isFatal(error);
  const final = error instanceof HttpError && FINAL_CODES.has(error.code);
  const lastTry = retryCount + 1 >= STEP_TRIES;
  const message = error instanceof HttpError ? error.message : AI_MESSAGES.unavailable;
  if (!fatal && !final && !lastTry) {
    const waitMs = geminiRetryWaitMs(error);
    return waitMs === undefined
      ? { retry: true, reason: message }
      : { retry: true, reason: message, waitMs };
  }
  return { retry: false, result: { state: 'failed', message, fatal } };
}
