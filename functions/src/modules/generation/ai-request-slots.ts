import { HttpError } from '../../lib/http-error';
import type { GenerationLocks } from './generation-lock';

export const TOO_MANY_AI_REQUESTS =
  'You already have several AI requests running. Please wait for one to finish.';

/**
 * At most `limit` AI requests of one user run at a time, across all function instances, so a
 * burst of clicks cannot drain their Gemini quota: each request holds one of `limit` lock
 * slots (leases that expire if a function dies); with every slot taken the answer is 429.
 */
export function aiRequestSlots(locks: GenerationLocks, limit: () => number) {
  return {
    async run<T>(uid: string, work: () => Promise<T>): Promise<T> {
      let release: (() => Promise<void>) | null = null;
      for (let slot = 0; slot < limit() && !release; slot += 1) {
        release = await locks.tryAcquire(`ai-slot:${uid}:${slot}`, uid);
      }
      if (!release) throw new HttpError(429, TOO_MANY_AI_REQUESTS);
      try {
        return await work();
      } finally {
        await release();
      }
    },
  };
}

export type AiRequestSlots = ReturnType<typeof aiRequestSlots>;
