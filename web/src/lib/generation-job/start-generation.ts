import { startedJobSchema } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';
import { useUserScope } from '../user-query';
import { generationJobApi } from './api-paths';
import { fetchLatestJob } from './get-latest-job';
import { generationJobKeys } from './keys';

/** The job a start led to: a new one, or the one already running on the course. */
export interface StartedGeneration {
  jobId: string;
  alreadyRunning: boolean;
}

/**
 * Starts drafting everything still missing in the course. When a job already runs there (409),
 * answers that job instead of failing: it is read as the course's latest job, because the
 * conflict's own `job_id` does not reach past the API client's error.
 */
export async function startGeneration(courseId: string): Promise<StartedGeneration> {
  try {
    const { job_id } = await apiRequest(generationJobApi.start(courseId), {
      method: 'POST',
      body: {},
      schema: startedJobSchema,
    });
    return { jobId: job_id, alreadyRunning: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const { job } = await fetchLatestJob(courseId);
    if (!job) throw error;
    return { jobId: job.id, alreadyRunning: true };
  }
}

/** Starts a whole-course job; the course's latest job is read again, so its progress shows. */
export function useStartGeneration() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: startGeneration,
    onSuccess: (_started, courseId) =>
      scope.invalidate(generationJobKeys.latest(courseId), { exact: true }),
  });
}
