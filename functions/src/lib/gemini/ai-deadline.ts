import { AsyncLocalStorage } from 'node:async_hooks';

const deadlines = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `work` with a deadline every Gemini call inside it obeys (the client reads it from the
 * async context, so no use case has to pass a signal along): once `deadlineMs` have passed, a
 * call in flight is aborted and a new one fails at once, as a timeout.
 */
export function withAiDeadline<T>(deadlineMs: number, work: () => Promise<T>): Promise<T> {
  return deadlines.run(AbortSignal.timeout(deadlineMs), work);
}

/** The deadline of the AI request running now, if any. */
export function currentAiDeadline(): AbortSignal | undefined {
  return deadlines.getStore();
}
