/** Types of `functions-framework.mjs` for the TypeScript tests that start it. */
import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;

export function startFunctionsFramework(options?: {
  source?: string;
  variables?: Record<string, string>;
}): Promise<{ process: ChildProcess; base: string; log: () => string }>;

export function deployedApiSizing(): { memoryMb: number; concurrency: number };

export function residentMemoryMb(
  pid: number | undefined,
): { now: number; peak: number } | undefined;
