import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { generationJobApi, type JobRef } from './api-paths';
import { generationJobKeys } from './keys';

/** Stops a running job: steps not started are cancelled, steps in flight store nothing. */
export function stopGeneration(ref: JobRef): Promise<void> {
  return apiNoContent(generationJobApi.job(ref), { method: 'DELETE' });
}

/** Stops a job; the job and the course's latest job are read again, so the job shows it stopped. */
export function useStopGeneration() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: stopGeneration,
    onSuccess: (_none, ref) =>
      Promise.all([
        scope.invalidate(generationJobKeys.job(ref), { exact: true }),
        scope.invalidate(generationJobKeys.latest(ref.courseId), { exact: true }),
      ]),
  });
}
