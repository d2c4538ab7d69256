import type { GenerationJob } from '@coursecraft/contracts';

const STORAGE_KEY = 'coursecraft.hidden-generation-jobs';
/** Only the last few are kept: a hidden job is shown again only if it runs again. */
const KEPT = 20;

/** A job's end as it was hidden: a retried job that ends again is shown again. */
export const jobEnd = (job: GenerationJob) => `${job.id} ${job.status} ${job.finished_at ?? ''}`;

/** The job ends hidden in this tab (session storage, so hiding outlives a page change). */
export function readHiddenJobEnds(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((end) => typeof end === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers a job's end as hidden and answers every hidden end (kept in state by the caller). */
export function hideJobEnd(end: string): string[] {
  const ends = [...readHiddenJobEnds().filter((hidden) => hidden !== end), end].slice(-KEPT);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(ends));
  } catch {
    // blocked storage: the end stays hidden on this page only
  }
  return ends;
}
