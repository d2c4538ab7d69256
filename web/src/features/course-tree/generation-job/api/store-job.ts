import type { GenerationJob, LatestJob } from '@coursecraft/contracts';
import type { UserScope } from '../../../../lib/user-query';
import { generationJobKeys } from './keys';

/** A job as the server answered a Retry: it replaces the cached job and latest job. */
export function storeJob(scope: UserScope, job: GenerationJob): void {
  scope.setData(generationJobKeys.job({ courseId: job.course_id, jobId: job.id }), job);
  scope.setData<LatestJob>(generationJobKeys.latest(job.course_id), (latest) =>
    latest?.job?.id === job.id ? { job } : latest,
  );
}
