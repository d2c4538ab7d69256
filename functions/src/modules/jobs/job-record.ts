import {
  JOB_NOTES_KEPT,
  type GenerationJob,
  type JobLevel,
  type JobLevelProgress,
  type JobStatus,
} from '@coursecraft/contracts';
import type { OutlinePath } from '../../lib/firestore/paths';
import type { UnwrittenNode } from '../outline';

export type StepState = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** One step of a job: fill one level of one node (say, the chapters of a subject). */
export interface JobStep {
  level: JobLevel;
  path: OutlinePath;
  name: string;
  state: StepState;
  /** Bumped each time the step is queued again (Retry failed steps), naming its task afresh. */
  round: number;
  /** Insertion order, so steps of one level run in outline order. */
  order: number;
  /** Why a failed step failed, or a done step's note (citations removed from its lesson). */
  message: string | null;
  /** When its task was queued (ms), to notice a step whose task was lost. */
  dispatchedAt: number | null;
}

/** A whole-course job as stored, times in ms. */
export interface JobRecord {
  ownerUid: string;
  status: JobStatus;
  createdAt: number;
  finishedAt: number | null;
  /** How many steps may run at once: the owner's limit on concurrent AI requests. */
  parallel: number;
  /** Started with `include_questions`: each topic with a lesson gets a questions step. */
  includeQuestions: boolean;
  steps: Record<string, JobStep>;
}

/** What a task carries: which step of which job, and its round. */
export interface StepTask {
  courseId: string;
  jobId: string;
  stepId: string;
  round: number;
}

/**
 * How a step ended. `fatal` failures (the key is missing or refused, the day's AI budget spent)
 * fail every waiting step.
 */
export type StepResult =
  | { state: 'done'; unwritten: UnwrittenNode[]; note?: string }
  | { state: 'failed'; message: string; fatal: boolean }
  | { state: 'cancelled' };

/**
 * A running step whose task has not reported after this long is failed: longer than a step's
 * tries (3 × the step function's 540 s timeout) and the backoff between them.
 */
export const STEP_DEADLINE_MS = 30 * 60_000;

/** Upper levels first: each unlocks many steps below it, so the job fans out soonest. */
const LEVEL_PRIORITY: Record<JobLevel, number> = {
  subjects: 0,
  chapters: 1,
  topics: 2,
  lessons: 3,
  questions: 4,
};

/** A step's id: its level and the id of the node it fills, unique within a job and task-name safe. */
export function stepIdOf({ level, path }: UnwrittenNode): string {
  const nodeId = path.topicId ?? path.chapterId ?? path.subjectId ?? path.courseId;
  return `${level}-${nodeId}`;
}

const stepsIn = (job: JobRecord, state: StepState) =>
  Object.entries(job.steps).filter(([, step]) => step.state === state);

/** Adds a pending step for each node not yet in the job. */
export function addSteps(job: JobRecord, nodes: UnwrittenNode[]): void {
  let order = Object.keys(job.steps).length;
  for (const node of nodes) {
    const id = stepIdOf(node);
    if (job.steps[id]) continue;
    job.steps[id] = {
      level: node.level,
      path: node.path,
      name: node.name,
      state: 'pending',
      round: 1,
      order: order++,
      message: null,
      dispatchedAt: null,
    };
  }
}

/**
 * Marks as running the pending steps that fit beside the running ones, upper levels first, and
 * answers their tasks; a job left with nothing pending or running is finished.
 */
export function dispatchSteps(job: JobRecord, courseId: string, jobId: string, now: number) {
  const tasks: StepTask[] = [];
  if (job.status === 'running') {
    const free = job.parallel - stepsIn(job, 'running').length;
    const next = stepsIn(job, 'pending')
      .sort(
        ([, a], [, b]) => LEVEL_PRIORITY[a.level] - LEVEL_PRIORITY[b.level] || a.order - b.order,
      )
      .slice(0, Math.max(0, free));
    for (const [stepId, step] of next) {
      step.state = 'running';
      step.dispatchedAt = now;
      tasks.push({ courseId, jobId, stepId, round: step.round });
    }
  }
  if (
    job.status === 'running' &&
    !stepsIn(job, 'pending').length &&
    !stepsIn(job, 'running').length
  ) {
    job.status = 'finished';
    job.finishedAt = now;
  }
  return tasks;
}

/** Whether `task` is the step's current run (not a duplicate, or one from before a retry). */
export function isCurrentRun(job: JobRecord, task: StepTask): boolean {
  const step = job.steps[task.stepId];
  return step?.state === 'running' && step.round === task.round;
}

/** Records how the step ended and adds the steps below what it wrote. */
export function finishStep(job: JobRecord, task: StepTask, result: StepResult): void {
  const step = job.steps[task.stepId];
  if (!step || !isCurrentRun(job, task)) return;
  if (job.status !== 'running') {
    step.state = 'cancelled';
    return;
  }
  step.state = result.state;
  step.message =
    result.state === 'failed'
      ? result.message
      : result.state === 'done'
        ? (result.note ?? null)
        : null;
  if (result.state === 'done') addSteps(job, result.unwritten);
  if (result.state === 'failed' && result.fatal) {
    for (const [, waiting] of stepsIn(job, 'pending')) {
      waiting.state = 'failed';
      waiting.message = result.message;
    }
  }
}

/** Stop: the steps not started are cancelled; those running store nothing when they end. */
export function stopJob(job: JobRecord, now: number): void {
  if (job.status !== 'running') return;
  job.status = 'stopped';
  job.finishedAt = now;
  for (const [, step] of stepsIn(job, 'pending')) step.state = 'cancelled';
}

/** Queues the failed steps again, in a new round each; false when there is none. */
export function retryFailedSteps(job: JobRecord): boolean {
  const failed = stepsIn(job, 'failed');
  if (failed.length === 0) return false;
  for (const [, step] of failed) {
    step.state = 'pending';
    step.round += 1;
    step.message = null;
    step.dispatchedAt = null;
  }
  job.status = 'running';
  job.finishedAt = null;
  return true;
}

const overdueSteps = (job: JobRecord, now: number) =>
  stepsIn(job, 'running').filter(
    ([, step]) => step.dispatchedAt !== null && now - step.dispatchedAt > STEP_DEADLINE_MS,
  );

/** Whether a running step's task seems lost: queued longer ago than STEP_DEADLINE_MS. */
export const hasOverdueSteps = (job: JobRecord, now: number): boolean =>
  job.status === 'running' && overdueSteps(job, now).length > 0;

/** Fails the running steps whose task seems lost; whether there were any. */
export function failOverdueSteps(job: JobRecord, now: number, message: string): boolean {
  const overdue = overdueSteps(job, now);
  for (const [, step] of overdue) {
    step.state = 'failed';
    step.message = message;
  }
  return overdue.length > 0;
}

/** The steps still running, as tasks: what a duplicate delivery queues again (no-ops if queued). */
export function runningTasks(job: JobRecord, courseId: string, jobId: string): StepTask[] {
  return stepsIn(job, 'running').map(([stepId, step]) => ({
    courseId,
    jobId,
    stepId,
    round: step.round,
  }));
}

/** The job as the API shows it. */
export function jobView(job: JobRecord, courseId: string, jobId: string): GenerationJob {
  const steps = Object.entries(job.steps).sort(([, a], [, b]) => a.order - b.order);
  const count = (state: StepState, level?: JobLevel) =>
    steps.filter(([, step]) => step.state === state && (!level || step.level === level)).length;
  const progress = (level: JobLevel): JobLevelProgress => ({
    total: steps.filter(([, step]) => step.level === level).length,
    done: count('done', level),
    failed: count('failed', level),
  });
  return {
    id: jobId,
    course_id: courseId,
    status: job.status,
    total: steps.length,
    done: count('done'),
    failed: count('failed'),
    running: count('running'),
    cancelled: count('cancelled'),
    levels: {
      subjects: progress('subjects'),
      chapters: progress('chapters'),
      topics: progress('topics'),
      lessons: progress('lessons'),
      questions: progress('questions'),
    },
    failed_steps: steps
      .filter(([, step]) => step.state === 'failed')
      .map(([id, step]) => ({
        id,
        level: step.level,
        name: step.name,
        message: step.message ?? '',
      })),
    noted_steps: steps
      .filter(([, step]) => step.state === 'done' && step.message)
      .slice(-JOB_NOTES_KEPT)
      .map(([id, step]) => ({
        id,
        level: step.level,
        name: step.name,
        message: step.message ?? '',
      })),
    created_at: new Date(job.createdAt).toISOString(),
    finished_at: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
  };
}
