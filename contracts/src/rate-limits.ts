import * as z from 'zod';

/** Words for a wait of `seconds`, rounded up to what a person reads: 40 seconds, 3 minutes, 2 hours. */
export function describeWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [amount, unit] =
    whole < 60
      ? [whole, 'second']
      : whole < 3600
        ? [Math.ceil(whole / 60), 'minute']
        : [Math.ceil(whole / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** What a refused (429) request says when the API tells how long to wait (`Retry-After`). */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return `Too many requests. Please try again in ${describeWait(retryAfterSeconds)}.`;
}

export const RATE_LIMIT_MESSAGES = {
  /** A 429 without a usable message or `Retry-After` (say, from a proxy in front of the API). */
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** The caller's daily AI budget is spent. */
  aiBudgetUsed: 'You have used all of your AI requests for today. They renew at midnight UTC.',
} as const;

/** `GET /api/ai-usage`: the caller's AI requests of the current UTC day and their daily budget. */
export const aiUsageSchema = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(0),
  /** When the count starts again from zero (the next midnight UTC), ISO 8601. */
  resets_at: z.string(),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

/** The profile's line about the budget. */
export const aiUsageLine = ({ used, limit }: Pick<AiUsage, 'used' | 'limit'>): string =>
  `AI requests today: ${used} of ${limit}`;
