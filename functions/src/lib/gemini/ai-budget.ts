import { AsyncLocalStorage } from 'node:async_hooks';

/** Counts one Gemini call against the caller's daily budget; throws (429) once it is spent. */
export type ChargeAiCall = () => Promise<void>;

const charges = new AsyncLocalStorage<ChargeAiCall>();

/**
 * Runs `work` with `charge` as the price of every Gemini call inside it: the client calls
 * `chargeAiCall()` right before each call it sends (a retry after an invalid answer, each cover
 * of a bulk run), so the budget counts calls, not requests, and no use case passes it along.
 */
export function withAiBudget<T>(charge: ChargeAiCall, work: () => Promise<T>): Promise<T> {
  return charges.run(charge, work);
}

/**
 * Charges the Gemini call about to be sent to the budget of the AI request running now; throws
 * the budget's 429 instead when it is spent, so the call is never sent. Outside an AI request
 * (scripts, unit tests of the client) there is nothing to charge.
 */
export async function chargeAiCall(): Promise<void> {
  await charges.getStore()?.();
}
