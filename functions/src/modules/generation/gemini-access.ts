import type { Response } from 'express';
import { callerOf } from '../../middleware/request-caller';
import { HttpError } from '../../lib/http-error';
import type { AiRequestSlots } from './ai-request-slots';
import { AI_MESSAGES } from '../../lib/gemini/gemini-client';
import type { GenerationLocks } from './generation-lock';

export interface GeminiAccessDependencies {
  locks: GenerationLocks;
  slots: AiRequestSlots;
  /** The caller's Google API key in clear, or null when they saved none. */
  readApiKey: (uid: string) => Promise<string | null>;
}

/**
 * What every AI route does around its call to Gemini: the caller's own key (403 without one),
 * the node's lock so a repeated click does not start a second generation (409), and one of the
 * caller's request slots (429 beyond the limit).
 */
export function geminiAccess({ locks, slots, readApiKey }: GeminiAccessDependencies) {
  return async function withGemini<T>(
    res: Response,
    lockKey: string | null,
    work: (apiKey: string) => Promise<T>,
  ): Promise<T> {
    const { uid } = callerOf(res);
    const apiKey = await readApiKey(uid);
    if (!apiKey) throw new HttpError(403, AI_MESSAGES.noApiKey);
    const limited = () => slots.run(uid, () => work(apiKey));
    return lockKey ? locks.run(lockKey, uid, limited) : limited();
  };
}

export type WithGemini = ReturnType<typeof geminiAccess>;
