import { jobRunningDetailsSchema, startedJobSchema } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { generationJobApi } from './api-paths';
import { generationJobKeys } from './keys';

/** The job a start led to: a new one, or the one already running on the course. */
export interface StartedGeneration {
  jobId: string;
  alreadyRunning: boolean;
}

/**
 * Starts drafting everything still missing in the course (with `includeQuestions`, questions for
 * every topic with a lesson and none yet too). When a job already runs there (409
 * `JOB_RUNNING`), answers that job, named by the conflict's `details.job_id`, instead of failing.
 */
export async function startGeneration(
  courseId: string,
  includeQuestions = false,
): Promise<StartedGeneration> {
  try {
    const { job_id } = await apiRequest(generationJobApi.start(courseId), {
      method: 'POST',
      body: includeQuestions ? { include_questions: true } : {},
      schema: startedJobSchema,
    });
    return { jobId: job_id, alreadyRunning: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'JOB_RUNNING') throw error;
    const running = jobRunningDetailsSchema.safeParse(error.details);
    if (!running.success) throw error;
    return { jobId: running.data.job_id, alreadyRunning: true };
  }
}

/** Starts a whole-course job; the course's latest job is read again, so its progress shows. */
export function useStartGeneration() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({
      courseId,
      includeQuestions,
    }: {
      courseId: string;
      includeQuestions?: boolean;
    }) => startGeneration(courseId, includeQuestions),
    onSuccess: (_started, { courseId }) =>
      scope.invalidate(generationJobKeys.latest(courseId), { exact: true }),
  });
}
