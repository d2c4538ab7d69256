import { generationJobSchema, type GenerationJob } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserQuery } from '../../../../lib/user-query';
import { generationJobApi, type JobRef } from './api-paths';
import { generationJobKeys } from './keys';

/** How often a running job is asked for again. */
export const JOB_POLL_MS = 1500;

export function fetchGenerationJob(ref: JobRef, signal?: AbortSignal): Promise<GenerationJob> {
  return apiRequest(generationJobApi.job(ref), { schema: generationJobSchema, signal });
}

export const generationJobQueryOptions = (ref: JobRef) =>
  queryOptions({
    queryKey: generationJobKeys.job(ref),
    queryFn: ({ signal }) => fetchGenerationJob(ref, signal),
    // An answer younger than one poll (e.g. the latest job it starts from) is not asked again.
    staleTime: JOB_POLL_MS,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? JOB_POLL_MS : false),
  });

/**
 * One job, asked for again every 1.5 s while it runs (polling stops once it is stopped or
 * finished, and starts again when a Retry makes it run); waits while `ref` is null. `known`, a
 * copy of the job read elsewhere (the course's latest job), shows until the first answer.
 */
export function useGenerationJob(
  ref: JobRef | null,
  known?: { job: GenerationJob; updatedAt: number },
) {
  return useUserQuery({
    ...generationJobQueryOptions(ref ?? { courseId: '', jobId: '' }),
    enabled: ref !== null,
    initialData: known?.job,
    initialDataUpdatedAt: known?.updatedAt,
  });
}
