import { RATE_LIMIT_MESSAGES } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../../lib/gemini/gemini-client';
import { HttpError } from '../../lib/http-error';
import { GENERATION_BUSY, TOO_MANY_AI_REQUESTS } from '../generation/gemini-access';
import {
  GEMINI_RETRY_WAIT_MAX_MS,
  STEP_TRIES,
  failedStepVerdict,
  isBusy,
  isFatal,
  waitsWhileBusy,
} from './step-verdict';

const busy = [
  new HttpError(409, 'GENERATION_RUNNING', GENERATION_BUSY),
  new HttpError(429, 'RATE_LIMITED', TOO_MANY_AI_REQUESTS),
];
const fatal = [
  new HttpError(403, 'GEMINI_KEY_MISSING', AI_MESSAGES.noApiKey),
  new HttpError(400, 'GEMINI_KEY_INVALID', AI_MESSAGES.keyRejected),
  new HttpError(429, 'AI_BUDGET_SPENT', RATE_LIMIT_MESSAGES.aiBudgetUsed),
];
const transient = [
  new HttpError(502, 'GEMINI_UNAVAILABLE', AI_MESSAGES.unavailable),
  new HttpError(504, 'GEMINI_UNAVAILABLE', 'Gemini took too long to answer. Please try again.'),
  new Error('socket hang up'),
];

describe('which failures a step waits out, retries or gives up on', () => {
  it('tells busy failures from fatal and transient ones', () => {
    for (const error of busy) expect([isBusy(error), isFatal(error)]).toEqual([true, false]);
    for (const error of fatal) expect([isBusy(error), isFatal(error)]).toEqual([false, true]);
    for (const error of transient) expect([isBusy(error), isFatal(error)]).toEqual([false, false]);
  });

  it('waits while busy only until it gives up', () => {
    expect(waitsWhileBusy(busy[0], 1_000, 2_000)).toBe(true);
    expect(waitsWhileBusy(busy[0], 2_000, 2_000)).toBe(false);
    expect(waitsWhileBusy(transient[0], 1_000, 2_000)).toBe(false);
  });

  it('retries a transient failure before the last try, with its message as the reason', () => {
    for (let retryCount = 0; retryCount < STEP_TRIES - 1; retryCount += 1) {
      expect(failedStepVerdict(transient[0], retryCount)).toEqual({
        retry: true,
        reason: AI_MESSAGES.unavailable,
      });
    }
  });

  it('records a transient failure on the last try as failed, not fatal', () => {
    expect(failedStepVerdict(transient[1], STEP_TRIES - 1)).toEqual({
      retry: false,
      result: {
        state: 'failed',
        message: 'Gemini took too long to answer. Please try again.',
        fatal: false,
      },
    });
  });

  it('records a fatal failure at once, on the first try', () => {
    for (const error of fatal) {
      expect(failedStepVerdict(error, 0)).toEqual({
        retry: false,
        result: { state: 'failed', message: error.message, fatal: true },
      });
    }
  });

  it('shows a failure that is no HttpError as Gemini being unavailable', () => {
    expect(failedStepVerdict(transient[2], 0)).toEqual({
      retry: true,
      reason: AI_MESSAGES.unavailable,
    });
    expect(failedStepVerdict(transient[2], STEP_TRIES - 1)).toMatchObject({
      result: { message: AI_MESSAGES.unavailable },
    });
  });
});

describe('Gemini answers that end early, and Gemini busy for the key', () => {
  const cutOff = new HttpError(502, 'GEMINI_CUT_OFF', AI_MESSAGES.lessonCutOff);
  const declined = new HttpError(422, 'GEMINI_DECLINED', AI_MESSAGES.declined);
  const busyFor = (seconds: number) =>
    new HttpError(
      429,
      'GEMINI_BUSY',
      `Gemini is busy for your key. Please try again in ${seconds} seconds.`,
      {
        headers: { 'Retry-After': String(seconds) },
      },
    );

  it('retries a cut-off answer, which may come out shorter next time', () => {
    expect(failedStepVerdict(cutOff, 0)).toEqual({ retry: true, reason: AI_MESSAGES.lessonCutOff });
    expect(failedStepVerdict(cutOff, STEP_TRIES - 1)).toEqual({
      retry: false,
      result: { state: 'failed', message: AI_MESSAGES.lessonCutOff, fatal: false },
    });
  });

  it('fails a declined step on its first try, without failing the other steps', () => {
    expect(failedStepVerdict(declined, 0)).toEqual({
      retry: false,
      result: { state: 'failed', message: AI_MESSAGES.declined, fatal: false },
    });
  });

  it('retries a busy key once Gemini’s delay has passed, the wait capped', () => {
    expect(failedStepVerdict(busyFor(17), 0)).toEqual({
      retry: true,
      reason: 'Gemini is busy for your key. Please try again in 17 seconds.',
      waitMs: 17_000,
    });
    expect(failedStepVerdict(busyFor(3600), 1)).toMatchObject({ waitMs: GEMINI_RETRY_WAIT_MAX_MS });
    expect(
      failedStepVerdict(new HttpError(429, 'GEMINI_UNAVAILABLE', AI_MESSAGES.quotaExhausted), 0),
    ).toEqual({
      retry: true,
      reason: AI_MESSAGES.quotaExhausted,
    });
  });
});
