import type { GenerationJob } from '@coursecraft/contracts';
import { useGenerationJob } from './get-generation-job';
import { useLatestJob } from './get-latest-job';

/**
 * The course's latest whole-course job as it is now: found through the latest job, then followed
 * by its own query, which polls while it runs. `job` is undefined while loading (or when it
 * could not be read) and null when the course never had one.
 */
export function useCourseJob(courseId: string): { job: GenerationJob | null | undefined } {
  const latest = useLatestJob(courseId);
  const known = latest.data?.job ?? null;
  const current = useGenerationJob(
    known && { courseId, jobId: known.id },
    known ? { job: known, updatedAt: latest.dataUpdatedAt } : undefined,
  );
  if (!latest.data) return { job: undefined };
  return { job: known && (current.data ?? known) };
}
