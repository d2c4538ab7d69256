import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../../lib/gemini/gemini-client';
import { chargeAiCall } from '../../lib/gemini/ai-budget';
import { currentAiDeadline } from '../../lib/gemini/ai-deadline';
import { HttpError } from '../../lib/http-error';
import {
  GENERATION_BUSY,
  SLOT_RETRY_AFTER_SECONDS,
  TOO_MANY_AI_REQUESTS,
  geminiAccess,
} from './gemini-access';
import { httpFailureOf } from '../../testing/http-failure';

/** Locks held in memory: a name is taken until its release runs. */
function memoryLocks() {
  const held = new Set<string>();
  return {
    held,
    async tryAcquire(key: string) {
      if (held.has(key)) return null;
      held.add(key);
      return async () => {
        held.delete(key);
      };
    },
  };
}

const withKey = (apiKey: string | null) => async () => apiKey;

/** Access with a key, two slots, an endless budget and a minute's deadline unless told. */
function access(
  locks: ReturnType<typeof memoryLocks>,
  overrides: Partial<Parameters<typeof geminiAccess>[0]> = {},
) {
  return geminiAccess({
    locks,
    requestsPerUser: () => 2,
    readApiKey: withKey('k'),
    expectBudgetLeft: async () => {},
    chargeCall: async () => {},
    deadlineMs: () => 60_000,
    ...overrides,
  });
}

describe('geminiAccess', () => {
  it('hands the caller’s key to the work and frees its lock and slot afterwards', async () => {
    const locks = memoryLocks();
    const withGemini = access(locks, { readApiKey: withKey('k1') });
    const seen = await withGemini('u1', 'subjects:c1', async (apiKey) => {
      expect([...locks.held].sort()).toEqual(['ai-slot:u1:0', 'subjects:c1']);
      return apiKey;
    });
    expect(seen).toBe('k1');
    expect(locks.held.size).toBe(0);
  });

  it('refuses a caller without a saved key with 403, before taking any lock', async () => {
    const locks = memoryLocks();
    const withGemini = access(locks, { readApiKey: withKey(null) });
    const failure = await httpFailureOf(withGemini('u1', 'subjects:c1', async () => 'never'));
    expect([failure.status, failure.message]).toEqual([403, AI_MESSAGES.noApiKey]);
    expect(locks.held.size).toBe(0);
  });

  it('answers 409 while another request generates the same node', async () => {
    const locks = memoryLocks();
    locks.held.add('subjects:c1');
    const withGemini = access(locks);
    const failure = await httpFailureOf(withGemini('u1', 'subjects:c1', async () => 'never'));
    expect([failure.status, failure.message]).toEqual([409, GENERATION_BUSY]);
  });

  it('answers 429 once every request slot of the caller is taken', async () => {
    const locks = memoryLocks();
    locks.held.add('ai-slot:u1:0').add('ai-slot:u1:1');
    const withGemini = access(locks);
    const failure = await httpFailureOf(withGemini('u1', null, async () => 'never'));
    expect([failure.status, failure.message]).toEqual([429, TOO_MANY_AI_REQUESTS]);
    expect(failure.headers).toEqual({ 'retry-after': String(SLOT_RETRY_AFTER_SECONDS) });
    expect(await withGemini('u2', null, async () => 'other users run')).toBe('other users run');
  });

  it('frees the lock and the slot when the work fails', async () => {
    const locks = memoryLocks();
    const withGemini = access(locks, { requestsPerUser: () => 1 });
    await expect(
      withGemini('u1', 'topics:c1', () => Promise.reject(new Error('Gemini down'))),
    ).rejects.toThrow('Gemini down');
    expect(locks.held.size).toBe(0);
  });

  it('checks the budget while holding the slot, and runs nothing once it is spent', async () => {
    const locks = memoryLocks();
    const checked: string[][] = [];
    const spent = new HttpError(429, 'AI_BUDGET_SPENT', 'spent');
    let work = 0;
    const withGemini = access(locks, {
      expectBudgetLeft: async () => {
        checked.push([...locks.held].sort());
        if (checked.length > 1) throw spent;
      },
    });
    await withGemini('u1', 'image:c1', async () => (work += 1));
    expect(await httpFailureOf(withGemini('u1', 'image:c1', async () => (work += 1)))).toBe(spent);
    expect(checked).toEqual([
      ['ai-slot:u1:0', 'image:c1'],
      ['ai-slot:u1:0', 'image:c1'],
    ]);
    expect(work).toBe(1);
    expect(locks.held.size).toBe(0);
  });

  it('charges each Gemini call of the work to the caller, and nothing outside it', async () => {
    const charged: string[] = [];
    const withGemini = access(memoryLocks(), {
      chargeCall: async (uid) => {
        charged.push(uid);
      },
    });
    await withGemini('u1', null, async () => {
      await chargeAiCall();
      await Promise.all([chargeAiCall(), chargeAiCall()]);
    });
    await withGemini('u2', null, async () => 'no call');
    await chargeAiCall();
    expect(charged).toEqual(['u1', 'u1', 'u1']);
  });

  it('fails the call the spent budget refuses, and only that one', async () => {
    const spent = new HttpError(429, 'AI_BUDGET_SPENT', 'spent');
    let left = 1;
    const withGemini = access(memoryLocks(), {
      chargeCall: async () => {
        if (left === 0) throw spent;
        left -= 1;
      },
    });
    const outcomes = await withGemini('u1', null, () =>
      Promise.allSettled([chargeAiCall(), chargeAiCall()]),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
  });

  it('gives the work a deadline its Gemini calls obey, and none outside it', async () => {
    const locks = memoryLocks();
    const withGemini = access(locks, { deadlineMs: () => 30 });
    const signal = await withGemini('u1', null, async () => currentAiDeadline());
    expect(signal?.aborted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(signal?.aborted).toBe(true);
    expect(currentAiDeadline()).toBeUndefined();
  });
});
