import * as z from 'zod';

/**
 * The levels a whole-course job fills, top down; each step fills one node's missing level. The
 * `questions` of a topic are filled only when the job was started with `include_questions`.
 */
export const JOB_LEVELS = ['subjects', 'chapters', 'topics', 'lessons', 'questions'] as const;
export const jobLevelSchema = z.enum(JOB_LEVELS);
export type JobLevel = z.infer<typeof jobLevelSchema>;

/**
 * running: steps are queued or being written; stopped: the author stopped it (steps not started
 * were cancelled, steps in flight store nothing); finished: every step ended, done or failed.
 */
export const jobStatusSchema = z.enum(['running', 'stopped', 'finished']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

const count = z.number().int().nonnegative();

/** Notes a job keeps; older ones fall out. */
export const JOB_NOTES_KEPT = 50;

export const jobLevelProgressSchema = z.object({ total: count, done: count, failed: count });
export type JobLevelProgress = z.infer<typeof jobLevelProgressSchema>;

/** A step that failed after its last try: what it was filling and why. */
export const failedJobStepSchema = z.object({
  id: z.string(),
  level: jobLevelSchema,
  /** The name of the course, subject, chapter or topic whose level was being filled. */
  name: z.string(),
  message: z.string(),
});
export type FailedJobStep = z.infer<typeof failedJobStepSchema>;

/**
 * A step that was done but has something the author should know, such as citations removed
 * from its lesson: what it filled and the message.
 */
export const notedJobStepSchema = failedJobStepSchema;
export type NotedJobStep = z.infer<typeof notedJobStepSchema>;

/**
 * `GET /api/courses/{c}/jobs/{job_id}` (and the answers of start, stop and retry): a
 * whole-course generation job. `total` grows as the job writes new levels, each new item adding
 * the step that fills it.
 */
export const generationJobSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  status: jobStatusSchema,
  total: count,
  done: count,
  failed: count,
  /** Steps being written right now. */
  running: count,
  /** Steps that will not run: cancelled by Stop. */
  cancelled: count,
  levels: z.object({
    subjects: jobLevelProgressSchema,
    chapters: jobLevelProgressSchema,
    topics: jobLevelProgressSchema,
    lessons: jobLevelProgressSchema,
    /** All zeros for a job started without `include_questions`. */
    questions: jobLevelProgressSchema,
  }),
  failed_steps: z.array(failedJobStepSchema),
  /** Done steps with a note (the newest JOB_NOTES_KEPT), in the job's order. */
  noted_steps: z.array(notedJobStepSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type GenerationJob = z.infer<typeof generationJobSchema>;

/**
 * The optional body of `POST /api/courses/{c}/generate_all`. With `include_questions`, each topic
 * whose lesson the job writes, or that has one already, gets QUESTIONS_PER_GENERATION generated
 * questions when it has none.
 */
export const generateAllInputSchema = z.strictObject({ include_questions: z.boolean().optional() });
export type GenerateAllInput = z.infer<typeof generateAllInputSchema>;

/** `POST /api/courses/{c}/generate_all` → 202. */
export const startedJobSchema = z.object({ job_id: z.string() });
export type StartedJob = z.infer<typeof startedJobSchema>;

/** `GET /api/courses/{c}/jobs`: the course's latest job, if it ever had one. */
export const latestJobSchema = z.object({ job: generationJobSchema.nullable() });
export type LatestJob = z.infer<typeof latestJobSchema>;

/** 409 of a second start: the message and the job already running. */
export const jobConflictSchema = z.object({ error: z.string(), job_id: z.string() });

export const JOB_MESSAGES = {
  alreadyRunning: 'This course is already being generated. Wait for it to finish or stop it.',
  nothingMissing: 'Every part of this course is already written; there is nothing to generate.',
  notRetryable: 'Only a finished or stopped job can retry its failed steps.',
  noFailedSteps: 'This job has no failed steps to retry.',
  notLatest: 'A newer job has run on this course since; start Generate Whole Course again.',
  stepUnfinished: 'This step did not finish in time.',
  stepNotQueued: 'This step could not be queued. Retry failed steps to try again.',
} as const;
