import type { QueryKey } from '@tanstack/react-query';
import type { JobRef } from './api-paths';

const jobs = (courseId: string): QueryKey => ['generation-jobs', courseId];

/**
 * Cache keys of whole-course generation jobs, before `useUserQuery`/`useUserScope` scope them.
 * They sit outside the course's key, so reading the course tree again while a job writes it
 * leaves the job's own polling alone.
 */
export const generationJobKeys = {
  latest: (courseId: string): QueryKey => [...jobs(courseId), 'latest'],
  job: ({ courseId, jobId }: JobRef): QueryKey => [...jobs(courseId), 'job', jobId],
};
