import { RATE_LIMIT_MESSAGES, tooManyRequestsMessage, type AiUsage } from '@coursecraft/contracts';
import type { ClientKey } from '../../lib/client-address';
import { HttpError } from '../../lib/http-error';
import { DAY_MS, type RateLimitRule, type RateLimitSettings } from '../../lib/rate-limits';
import type { CounterWindow, RateLimitRepository } from './rate-limit-repository';

/** Who a request counts against: the signed-in user (or none) and its client per address. */
export interface RequestSubjects {
  uid: string | null;
  client: ClientKey;
}

/** The per-address counter of a client: its address, or the one bucket shared by the unknown. */
const addressSubjectOf = (client: ClientKey): string | null =>
  client.kind === 'address'
    ? `address:${client.address}`
    : client.kind === 'shared'
      ? 'shared'
      : null;

export interface RateLimitsDependencies {
  counters: RateLimitRepository;
  rateLimits: () => RateLimitSettings;
  now: () => Date;
}

/** The fixed window of `windowMs` (aligned to the epoch, so a day is a UTC day) holding `at`. */
function windowOf(at: number, windowMs: number) {
  const index = Math.floor(at / windowMs);
  return { index, endsAt: (index + 1) * windowMs };
}

/** A 429 that says how long to wait, in words and as `Retry-After` (whole seconds). */
function refusal(
  code: 'RATE_LIMITED' | 'AI_BUDGET_SPENT',
  message: (seconds: number) => string,
  waitMs: number,
): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpError(429, code, message(seconds), {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Request limits that hold across function instances: per rule, per user and per client address
 * in fixed windows; and the daily AI budget per user, counting every Gemini call made for them.
 */
export function rateLimitsService({ counters, rateLimits, now }: RateLimitsDependencies) {
  const budgetWindow = (uid: string, at: number): CounterWindow & { index: number } => {
    const { index, endsAt } = windowOf(at, DAY_MS);
    return {
      name: `ai-budget|user:${uid}|${index}`,
      rule: 'ai-budget',
      limit: rateLimits().aiRequestsPerDay,
      endsAt,
      index,
    };
  };

  return {
    /** Counts a request of `rule`; 429 with `Retry-After` when a subject used up its window. */
    async consume(rule: RateLimitRule, { uid, client }: RequestSubjects): Promise<void> {
      const limits = rateLimits().rules[rule];
      const at = now().getTime();
      const { index, endsAt } = windowOf(at, limits.windowMs);
      const windows: CounterWindow[] = [];
      if (uid && limits.perUser > 0) {
        windows.push({ name: `${rule}|user:${uid}|${index}`, rule, limit: limits.perUser, endsAt });
      }
      const addressSubject = addressSubjectOf(client);
      if (addressSubject && limits.perAddress > 0) {
        windows.push({
          name: `${rule}|${addressSubject}|${index}`,
          rule,
          limit: limits.perAddress,
          endsAt,
        });
      }
      const full = await counters.hit(windows);
      if (full) throw refusal('RATE_LIMITED', tooManyRequestsMessage, full.endsAt - at);
    },

    /** Counts one Gemini call against the caller's daily budget; 429 until midnight UTC once spent. */
    async consumeAiCall(uid: string): Promise<void> {
      if (rateLimits().aiRequestsPerDay <= 0) return;
      const at = now().getTime();
      const window = budgetWindow(uid, at);
      if (await counters.hit([window])) {
        throw refusal(
          'AI_BUDGET_SPENT',
          () => RATE_LIMIT_MESSAGES.aiBudgetUsed,
          window.endsAt - at,
        );
      }
    },

    /**
     * Refuses like a spent budget when the caller has no Gemini call left today, without counting
     * one: before an AI request takes its first call, and before a whole-course job's steps do.
     */
    async expectAiBudgetLeft(uid: string): Promise<void> {
      if (rateLimits().aiRequestsPerDay <= 0) return;
      const at = now().getTime();
      const window = budgetWindow(uid, at);
      if ((await counters.count(window.name)) >= window.limit) {
        throw refusal(
          'AI_BUDGET_SPENT',
          () => RATE_LIMIT_MESSAGES.aiBudgetUsed,
          window.endsAt - at,
        );
      }
    },

    /** The caller's Gemini calls today and their budget. */
    async aiUsage(uid: string): Promise<AiUsage> {
      const window = budgetWindow(uid, now().getTime());
      return {
        used: await counters.count(window.name),
        limit: window.limit,
        resets_at: new Date(window.endsAt).toISOString(),
      };
    },
  };
}

export type RateLimitsService = ReturnType<typeof rateLimitsService>;
