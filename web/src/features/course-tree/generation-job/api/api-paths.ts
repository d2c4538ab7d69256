import { courseTreeApi } from '../../api/api-paths';

const id = encodeURIComponent;

/** A job of one course, named by both ids (the API's paths need the course). */
export interface JobRef {
  courseId: string;
  jobId: string;
}

const jobs = (courseId: string) => `${courseTreeApi.course(courseId)}/jobs`;
const job = ({ courseId, jobId }: JobRef) => `${jobs(courseId)}/${id(jobId)}`;

/** API paths (below /api) of whole-course generation jobs; ids are encoded. */
export const generationJobApi = {
  start: (courseId: string) => `${courseTreeApi.course(courseId)}/generate_all`,
  /** GET: the course's latest job. */
  latest: jobs,
  /** GET: the job; DELETE: stop it. */
  job,
  retry: (ref: JobRef) => `${job(ref)}/retry`,
};
