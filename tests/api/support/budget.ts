import { expect } from 'vitest';
import { geminiRequests } from './ai';
import { snapshotDatabase } from './database';

/** Whether a `snapshotDatabase()` line is a counter of the daily AI budget. */
const isBudgetLine = (line: string) => line.includes('"rule":"ai-budget"');

const countOf = (line: string) =>
  Number((JSON.parse(line.slice(line.indexOf(' ') + 1)) as { count?: unknown }).count ?? 0);

/** `snapshotDatabase()` lines without the AI budget's counters. */
export const withoutAiBudget = (lines: string[]): string[] =>
  lines.filter((line) => !isBudgetLine(line));

/** How many Gemini calls the AI budget counted between two `snapshotDatabase()` results. */
export function aiCallsCounted(before: string[], after: string[]): number {
  const total = (lines: string[]) =>
    lines.filter(isBudgetLine).reduce((sum, line) => sum + countOf(line), 0);
  return total(after) - total(before);
}

/**
 * Checks that between `before` and now nothing stored changed but the AI budget, which counted
 * exactly the calls the fake Gemini received since it was last reset (each of which reached it,
 * failed or not).
 */
export async function expectOnlyCallsCounted(before: string[]): Promise<number> {
  const [after, calls] = await Promise.all([
    snapshotDatabase(),
    geminiRequests().then((requests) => requests.length),
  ]);
  expect(withoutAiBudget(after)).toEqual(withoutAiBudget(before));
  expect(aiCallsCounted(before, after)).toBe(calls);
  return calls;
}
