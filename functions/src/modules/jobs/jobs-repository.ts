import { jobLevelSchema, jobStatusSchema } from '@coursecraft/contracts';
import type {
  DocumentData,
  DocumentSnapshot,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import * as z from 'zod';
import { db as defaultDb } from '../../lib/firestore/db';
import { courseRef, jobRef, jobsOf, type CoursePath } from '../../lib/firestore/paths';
import type { WriteGuard } from '../../lib/firestore/write-guard';
import { isCurrentRun, type JobRecord, type StepTask } from './job-record';

const millis = z.instanceof(Timestamp).transform((time) => time.toMillis());

const storedStepSchema = z.object({
  level: jobLevelSchema,
  path: z.object({
    courseId: z.string(),
    subjectId: z.string().optional(),
    chapterId: z.string().optional(),
    topicId: z.string().optional(),
  }),
  name: z.string(),
  state: z.enum(['pending', 'running', 'done', 'failed', 'cancelled']),
  round: z.number().int(),
  order: z.number().int(),
  message: z.string().nullable(),
  dispatchedAt: z.number().nullable(),
});

const storedJobSchema = z.object({
  owner_uid: z.string(),
  status: jobStatusSchema,
  created_at: millis,
  finished_at: millis.nullable(),
  parallel: z.number().int().min(1),
  // Absent from the jobs stored before questions could be included.
  include_questions: z.boolean().default(false),
  steps: z.record(z.string(), storedStepSchema),
});

function toRecord(snapshot: DocumentSnapshot): JobRecord | null {
  if (!snapshot.exists) return null;
  const stored = storedJobSchema.parse(snapshot.data());
  return {
    ownerUid: stored.owner_uid,
    status: stored.status,
    createdAt: stored.created_at,
    finishedAt: stored.finished_at,
    parallel: stored.parallel,
    includeQuestions: stored.include_questions,
    steps: stored.steps,
  };
}

function toData(job: JobRecord): DocumentData {
  return {
    owner_uid: job.ownerUid,
    status: job.status,
    created_at: Timestamp.fromMillis(job.createdAt),
    finished_at: job.finishedAt === null ? null : Timestamp.fromMillis(job.finishedAt),
    parallel: job.parallel,
    include_questions: job.includeQuestions,
    steps: job.steps,
    updated_at: Timestamp.now(),
  };
}

const latestJobIdOf = (course: DocumentSnapshot): string | null => {
  const id: unknown = course.get('job_id');
  return typeof id === 'string' && id ? id : null;
};

/** What starting a job found: the job it created, or the one already running. */
export type StartOutcome<T> =
  { started: true; jobId: string; result: T } | { started: false; runningJobId: string };

/**
 * Whole-course jobs, one document each in `courses/{c}/jobs/{j}` holding its steps; the course's
 * `job_id` names the latest. Every change is a transaction over the job document, so steps
 * finishing at once never lose each other's updates. Trusts its path: callers checked ownership.
 */
export function jobsRepository(db: () => Firestore = defaultDb) {
  const read = async (path: CoursePath, jobId: string): Promise<JobRecord | null> =>
    toRecord(await jobRef(db(), path, jobId).get());

  return {
    /**
     * Creates the job `build` makes and points the course at it, unless the course's latest job
     * is still running: one transaction, so two starts at once make one job.
     */
    async start<T>(
      path: CoursePath,
      build: (jobId: string) => { job: JobRecord; result: T },
    ): Promise<StartOutcome<T>> {
      const course = courseRef(db(), path);
      return db().runTransaction(async (tx): Promise<StartOutcome<T>> => {
        const latestId = latestJobIdOf(await tx.get(course));
        if (latestId) {
          const latest = toRecord(await tx.get(jobRef(db(), path, latestId)));
          if (latest?.status === 'running') return { started: false, runningJobId: latestId };
        }
        const ref = jobsOf(course).doc();
        const { job, result } = build(ref.id);
        tx.create(ref, toData(job));
        tx.update(course, { job_id: ref.id });
        return { started: true, jobId: ref.id, result };
      });
    },

    read,

    /**
     * Reads the job, lets `change` edit it (answering whether it changed anything and what to
     * return) and writes it back, in one transaction; null when the job is gone.
     */
    async update<T>(
      path: CoursePath,
      jobId: string,
      change: (job: JobRecord) => { changed: boolean; result: T },
    ): Promise<{ job: JobRecord; result: T } | null> {
      const ref = jobRef(db(), path, jobId);
      return db().runTransaction(async (tx: Transaction) => {
        const job = toRecord(await tx.get(ref));
        if (!job) return null;
        const { changed, result } = change(job);
        if (changed) tx.set(ref, toData(job));
        return { job, result };
      });
    },

    /** Holds while the job exists and `task` is its step's current run. */
    stepGuard(task: StepTask): WriteGuard {
      const ref = jobRef(db(), { courseId: task.courseId }, task.jobId);
      return {
        async holds(tx: Transaction) {
          const job = toRecord(await tx.get(ref));
          return job?.status === 'running' && isCurrentRun(job, task);
        },
      };
    },
  };
}

export type JobsRepository = ReturnType<typeof jobsRepository>;
