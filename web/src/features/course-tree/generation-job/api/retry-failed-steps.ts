import { generationJobSchema, type GenerationJob } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { generationJobApi, type JobRef } from './api-paths';
import { storeJob } from './store-job';

/** Runs the failed steps of a stopped or finished job again. */
export function retryFailedSteps(ref: JobRef): Promise<GenerationJob> {
  return apiRequest(generationJobApi.retry(ref), {
    method: 'POST',
    body: {},
    schema: generationJobSchema,
  });
}

/** Retries a job's failed steps; the cached job runs again, so its polling starts again. */
export function useRetryFailedSteps() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: retryFailedSteps,
    onSuccess: (job) => storeJob(scope, job),
  });
}
