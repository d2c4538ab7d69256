import { withAiBudget } from '../../lib/gemini/ai-budget';
import { withAiDeadline } from '../../lib/gemini/ai-deadline';
import { AI_MESSAGES } from '../../lib/gemini/gemini-client';
import { HttpError } from '../../lib/http-error';
import type { GenerationLockRepository, ReleaseLock } from './generation-lock-repository';

export const GENERATION_BUSY = 'This is already being generated. Please wait for it to finish.';
export const TOO_MANY_AI_REQUESTS =
  'You already have several AI requests running. Please wait for one to finish.';
/** A running request holds its slot for seconds, rarely longer: worth trying again soon. */
export const SLOT_RETRY_AFTER_SECONDS = 5;

export interface GeminiAccessDependencies {
  locks: Pick<GenerationLockRepository, 'tryAcquire'>;
  /** How many AI requests one user may run at once, across all function instances. */
  requestsPerUser: () => number;
  /** The caller's Google API key in clear, or null when they saved none. */
  readApiKey: (uid: string) => Promise<string | null>;
  /** Refuses (429) when the caller's daily budget is spent, counting nothing. */
  expectBudgetLeft: (uid: string) => Promise<void>;
  /** Counts one Gemini call against the caller's daily budget; throws (429) once it is spent. */
  chargeCall: (uid: string) => Promise<void>;
  /** How long the work may run before its Gemini calls are aborted (its function's deadline). */
  deadlineMs: () => number;
}

/**
 * What every AI use case does around its call to Gemini: the caller's own key (403 without
 * one); the node's lock, so a repeated click does not start a second generation of the same
 * node (409); one of the caller's request slots, so a burst of clicks cannot drain their
 * quota (429 with every slot taken); and some daily budget left (429 once spent). Each Gemini
 * call the work makes is then counted against that budget right before it is sent, and refused
 * (429) once the budget is spent, so a request counts what it costs and a refused one nothing.
 * The work runs under a deadline before its function's timeout, so it always ends, and its lock
 * and slot are freed, while the function still runs. Locks and slots are leases, freed if a
 * function dies.
 */
export function geminiAccess({
  locks,
  requestsPerUser,
  readApiKey,
  expectBudgetLeft,
  chargeCall,
  deadlineMs,
}: GeminiAccessDependencies) {
  async function takeRequestSlot(uid: string): Promise<ReleaseLock> {
    for (let slot = 0; slot < requestsPerUser(); slot += 1) {
      const release = await locks.tryAcquire(`ai-slot:${uid}:${slot}`, uid);
      if (release) return release;
    }
    throw new HttpError(429, 'RATE_LIMITED', TOO_MANY_AI_REQUESTS, {
      headers: { 'retry-after': String(SLOT_RETRY_AFTER_SECONDS) },
    });
  }

  /** Runs `work` with the caller's key, holding `lockKey` (unless null) and a request slot. */
  return async function withGemini<T>(
    uid: string,
    lockKey: string | null,
    work: (apiKey: string) => Promise<T>,
  ): Promise<T> {
    const apiKey = await readApiKey(uid);
    if (!apiKey) throw new HttpError(403, 'GEMINI_KEY_MISSING', AI_MESSAGES.noApiKey);
    const releaseLock = lockKey ? await locks.tryAcquire(lockKey, uid) : null;
    if (lockKey && !releaseLock) throw new HttpError(409, 'GENERATION_RUNNING', GENERATION_BUSY);
    let releaseSlot: ReleaseLock | null = null;
    try {
      releaseSlot = await takeRequestSlot(uid);
      await expectBudgetLeft(uid);
      return await withAiDeadline(deadlineMs(), () =>
        withAiBudget(
          () => chargeCall(uid),
          () => work(apiKey),
        ),
      );
    } finally {
      // Both at once: the next request waiting for either should not wait for two round trips.
      await Promise.all([releaseSlot?.(), releaseLock?.()]);
    }
  };
}

export type WithGemini = ReturnType<typeof geminiAccess>;
