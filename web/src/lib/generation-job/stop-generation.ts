import { generationJobSchema, type GenerationJob } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { useUserScope } from '../user-query';
import { generationJobApi, type JobRef } from './api-paths';
import { storeJob } from './store-job';

/** Stops a running job: steps not started are cancelled, steps in flight store nothing. */
export function stopGeneration(ref: JobRef): Promise<GenerationJob> {
  return apiRequest(generationJobApi.job(ref), { method: 'DELETE', schema: generationJobSchema });
}

/** Stops a job; the cached job shows it stopped at once, so its polling ends. */
export function useStopGeneration() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: stopGeneration,
    onSuccess: (job) => storeJob(scope, job),
  });
}
