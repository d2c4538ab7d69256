import type { GenerationJob } from '@coursecraft/contracts';

/** No longer running and no step in flight: nothing of the job writes any more. */
export const settled = (job: GenerationJob): boolean =>
  job.status !== 'running' && job.running === 0;

/**
 * Reads a whole-course job (`read` answers it, or null when there is none) every 250 ms until
 * `until` holds or there is no job; throws with the last state after `timeoutMs`.
 */
export async function pollJob<T extends GenerationJob | null>(
  read: () => Promise<T>,
  until: (job: GenerationJob) => boolean = settled,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await read();
    if (!job || until(job)) return job;
    if (Date.now() > deadline) throw new Error(`The job never got there: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
