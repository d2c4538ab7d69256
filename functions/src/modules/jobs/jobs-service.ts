import {
  JOB_MESSAGES,
  citationsRemovedMessage,
  documentIdSchema,
  type GenerateAllInput,
  type GenerationJob,
  type LatestJob,
  type StartedJob,
} from '@coursecraft/contracts';
import type { BodyReader } from '../../lib/body-reader';
import type { CoursePath } from '../../lib/firestore/paths';
import { AI_MESSAGES } from '../../lib/gemini/gemini-client';
import { HttpError } from '../../lib/http-error';
import type { TaskQueue } from '../../lib/tasks/task-queue';
import { ownedOutline, type FillOutcome, type Outline, type UnwrittenNode } from '../outline';
import type { GenerationService } from '../generation/generation-service';
import type { GroundingService } from '../grounding';
import type { QuestionGenerationService, QuestionsRepository } from '../questions';
import {
  addSteps,
  dispatchSteps,
  failOverdueSteps,
  finishStep,
  hasOverdueSteps,
  isCurrentRun,
  jobView,
  retryFailedSteps,
  runningTasks,
  stopJob,
  type JobRecord,
  type JobStep,
  type StepResult,
  type StepTask,
} from './job-record';
import type { JobsRepository } from './jobs-repository';
import { failedStepVerdict, waitsWhileBusy, type StepVerdict } from './step-verdict';

export { STEP_TRIES, type StepVerdict } from './step-verdict';

export const JOB_NOT_FOUND = 'Job not found';

/** How long a step waits for its node's lock or a free AI request slot before trying later. */
const BUSY_WAIT_MS = 45_000;
const BUSY_POLL_MS = 500;

export interface JobsDependencies {
  outline: Outline;
  jobs: JobsRepository;
  generation: Pick<
    GenerationService,
    'fillSubjects' | 'fillChapters' | 'fillTopics' | 'fillLesson'
  >;
  questionGeneration: Pick<QuestionGenerationService, 'fillQuestions'>;
  /** Refuses (409) to start while a source of the course is being read. */
  grounding: Pick<GroundingService, 'forCourse'>;
  /** Which topics have questions already: a job's questions steps are for the others. */
  questions: Pick<QuestionsRepository, 'listCourse'>;
  queue: TaskQueue<StepTask>;
  readApiKey: (uid: string) => Promise<string | null>;
  /** Throws the daily budget's 429 when the owner has no AI request left today. */
  expectAiBudgetLeft: (uid: string) => Promise<void>;
  /** How many steps of one job run at once: the owner's limit on concurrent AI requests. */
  aiRequestsPerUser: () => number;
  now: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/** How a step's fill ended, with the note of a lesson whose citations the check removed. */
interface Filled {
  outcome: FillOutcome;
  note?: string;
}

/** Which try of a step this is, as Cloud Tasks counts it (0 the first). */
export interface StepAttempt {
  retryCount: number;
}

/** A start without a body fills the outline and lessons only. */
const noOptions: BodyReader<GenerateAllInput> = () => ({});

const taskIdOf = ({ jobId, stepId, round }: StepTask) => `${jobId}-${stepId}-${round}`;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The job's id as sent, or the job's 404 before any read. */
function jobIdOf(jobId: string): string {
  if (!documentIdSchema.safeParse(jobId).success)
    throw new HttpError(404, 'NOT_FOUND', JOB_NOT_FOUND);
  return jobId;
}

/**
 * Whole-course generation: a job of steps, each filling one empty level of one node (the
 * subjects of the course, the chapters of a subject, the topics of a chapter, the lesson of a
 * topic and, when asked, the questions of a topic with a lesson), run by a task-queue function one task per step. A step that writes a level adds the
 * steps below it; at most `aiRequestsPerUser` steps of a job run at once; the job document is
 * the one record of what is pending, running, done, failed or cancelled.
 */
export function jobsService(deps: JobsDependencies) {
  const { outline, jobs, generation, queue } = deps;
  const owned = ownedOutline(outline);
  const sleep = deps.sleep ?? defaultSleep;
  const now = () => deps.now().getTime();

  const enqueueAll = (tasks: StepTask[]) =>
    Promise.all(tasks.map((task) => queue.enqueue(task, taskIdOf(task))));

  /**
   * Queues tasks a request just marked as running; any it cannot queue are failed at once (the
   * author can retry them) rather than left running with no task.
   */
  async function enqueueOrFail(path: CoursePath, jobId: string, tasks: StepTask[]) {
    try {
      await enqueueAll(tasks);
    } catch (error) {
      console.error('Could not queue job steps', error);
      await jobs.update(path, jobId, (job) => {
        for (const task of tasks) {
          finishStep(job, task, {
            state: 'failed',
            message: JOB_MESSAGES.stepNotQueued,
            fatal: false,
          });
        }
        return { changed: true, result: dispatchSteps(job, path.courseId, jobId, now()) };
      });
    }
  }

  /** The job, owned by `uid`, and the course's latest job id as the ownership check read it. */
  async function ownedJob(uid: string, path: CoursePath, jobId: string) {
    const { latestJobId } = await owned.course(uid, path);
    const job = await jobs.read(path, jobIdOf(jobId));
    if (!job || job.ownerUid !== uid) throw new HttpError(404, 'NOT_FOUND', JOB_NOT_FOUND);
    return { job, latestJobId };
  }

  async function withOverdueStepsFailed(path: CoursePath, jobId: string, job: JobRecord) {
    if (!hasOverdueSteps(job, now())) return job;
    const updated = await jobs.update(path, jobId, (current) => {
      const changed = failOverdueSteps(current, now(), JOB_MESSAGES.stepUnfinished);
      return {
        changed,
        result: changed ? dispatchSteps(current, path.courseId, jobId, now()) : [],
      };
    });
    if (!updated) throw new HttpError(404, 'NOT_FOUND', JOB_NOT_FOUND);
    await enqueueOrFail(path, jobId, updated.result);
    return updated.job;
  }

  /** One step's fill: how its write ended and, for a lesson, the note the author sees. */
  async function fill(step: JobStep, uid: string, task: StepTask): Promise<Filled> {
    const guard = jobs.stepGuard(task);
    const { courseId, subjectId = '', chapterId = '', topicId = '' } = step.path;
    switch (step.level) {
      case 'subjects':
        return { outcome: await generation.fillSubjects(uid, { courseId }, guard) };
      case 'chapters':
        return { outcome: await generation.fillChapters(uid, { courseId, subjectId }, guard) };
      case 'topics':
        return {
          outcome: await generation.fillTopics(uid, { courseId, subjectId, chapterId }, guard),
        };
      case 'lessons': {
        const path = { courseId, subjectId, chapterId, topicId };
        const { outcome, removedCitations } = await generation.fillLesson(uid, path, guard);
        return removedCitations > 0
          ? { outcome, note: citationsRemovedMessage(removedCitations) }
          : { outcome };
      }
      case 'questions':
        return {
          outcome: await deps.questionGeneration.fillQuestions(
            uid,
            { courseId, subjectId, chapterId, topicId },
            guard,
          ),
        };
    }
  }

  /** Runs the fill, waiting while a button holds the node's lock or every AI slot is taken. */
  async function fillWhenFree(step: JobStep, uid: string, task: StepTask): Promise<Filled> {
    const giveUpAt = now() + BUSY_WAIT_MS;
    for (;;) {
      try {
        return await fill(step, uid, task);
      } catch (error) {
        if (!waitsWhileBusy(error, now(), giveUpAt)) throw error;
        await sleep(BUSY_POLL_MS);
      }
    }
  }

  async function runFill(job: JobRecord, task: StepTask, step: JobStep): Promise<StepResult> {
    if (job.status !== 'running') return { state: 'cancelled' };
    try {
      const { outcome, note } = await fillWhenFree(step, job.ownerUid, task);
      if (outcome === 'refused' || outcome === 'gone') return { state: 'cancelled' };
      const unwritten = await below(job, step);
      return note ? { state: 'done', unwritten, note } : { state: 'done', unwritten };
    } catch (error) {
      // The node (or its course) was deleted meanwhile: nothing left to fill.
      if (error instanceof HttpError && error.status === 404) return { state: 'cancelled' };
      throw error;
    }
  }

  /** The steps a finished step adds: those of the levels below what it filled. */
  async function below(job: JobRecord, step: JobStep): Promise<UnwrittenNode[]> {
    if (step.level === 'questions') return [];
    if (step.level === 'lessons') {
      return job.includeQuestions ? [{ level: 'questions', path: step.path, name: step.name }] : [];
    }
    return outline.listUnwritten(step.path, { questions: job.includeQuestions });
  }

  return {
    async start(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<GenerateAllInput> = noOptions,
    ): Promise<StartedJob> {
      const { course } = await owned.course(uid, path);
      const includeQuestions = readBody().include_questions === true;
      await deps.grounding.forCourse(path.courseId);
      if (!(await deps.readApiKey(uid)))
        throw new HttpError(403, 'GEMINI_KEY_MISSING', AI_MESSAGES.noApiKey);
      await deps.expectAiBudgetLeft(uid);
      const [listed, withQuestions] = await Promise.all([
        outline.listUnwrittenOfCourse(path, course, { questions: includeQuestions }),
        includeQuestions ? deps.questions.listCourse(path) : new Map<string, unknown>(),
      ]);
      const unwritten = listed.filter(
        (node) => node.level !== 'questions' || !withQuestions.has(node.path.topicId ?? ''),
      );
      if (unwritten.length === 0)
        throw new HttpError(400, 'VALIDATION', JOB_MESSAGES.nothingMissing);
      const outcome = await jobs.start(path, (jobId) => {
        const job: JobRecord = {
          ownerUid: uid,
          status: 'running',
          createdAt: now(),
          finishedAt: null,
          parallel: deps.aiRequestsPerUser(),
          includeQuestions,
          steps: {},
        };
        addSteps(job, unwritten);
        return { job, result: dispatchSteps(job, path.courseId, jobId, now()) };
      });
      if (!outcome.started) {
        throw new HttpError(409, 'JOB_RUNNING', JOB_MESSAGES.alreadyRunning, {
          details: { job_id: outcome.runningJobId },
        });
      }
      await enqueueOrFail(path, outcome.jobId, outcome.result);
      return { job_id: outcome.jobId };
    },

    async get(uid: string, path: CoursePath, jobId: string): Promise<GenerationJob> {
      const { job } = await ownedJob(uid, path, jobId);
      return jobView(await withOverdueStepsFailed(path, jobId, job), path.courseId, jobId);
    },

    async latest(uid: string, path: CoursePath): Promise<LatestJob> {
      const { latestJobId } = await owned.course(uid, path);
      const latest = latestJobId ? await jobs.read(path, latestJobId) : null;
      if (!latestJobId || !latest) return { job: null };
      const job = await withOverdueStepsFailed(path, latestJobId, latest);
      return { job: jobView(job, path.courseId, latestJobId) };
    },

    async stop(uid: string, path: CoursePath, jobId: string): Promise<GenerationJob> {
      await ownedJob(uid, path, jobId);
      const updated = await jobs.update(path, jobId, (job) => {
        const changed = job.status === 'running';
        stopJob(job, now());
        return { changed, result: null };
      });
      if (!updated) throw new HttpError(404, 'NOT_FOUND', JOB_NOT_FOUND);
      return jobView(updated.job, path.courseId, jobId);
    },

    async retryFailed(uid: string, path: CoursePath, jobId: string): Promise<GenerationJob> {
      const { latestJobId } = await ownedJob(uid, path, jobId);
      if (latestJobId !== jobId) throw new HttpError(409, 'CONFLICT', JOB_MESSAGES.notLatest);
      const updated = await jobs.update(path, jobId, (job) => {
        if (job.status === 'running')
          throw new HttpError(409, 'CONFLICT', JOB_MESSAGES.notRetryable);
        if (!retryFailedSteps(job))
          throw new HttpError(400, 'VALIDATION', JOB_MESSAGES.noFailedSteps);
        return { changed: true, result: dispatchSteps(job, path.courseId, jobId, now()) };
      });
      if (!updated) throw new HttpError(404, 'NOT_FOUND', JOB_NOT_FOUND);
      await enqueueOrFail(path, jobId, updated.result);
      return jobView(updated.job, path.courseId, jobId);
    },

    /**
     * Runs one step (the task-queue function's body). A transient failure before the last try
     * asks the queue to try again later (once Gemini's retry delay has passed, if it gave one); otherwise the outcome is recorded, the steps below what
     * it wrote are added, and the steps that now fit are queued. A duplicate or outdated task
     * changes nothing (it only re-queues the running steps, which no-ops for queued ones).
     */
    async runStep(task: StepTask, attempt: StepAttempt): Promise<StepVerdict> {
      const path = { courseId: task.courseId };
      const job = await jobs.read(path, task.jobId);
      if (!job) return { retry: false };
      const step = job.steps[task.stepId];
      if (!step || !isCurrentRun(job, task)) {
        if (job.status === 'running')
          await enqueueAll(runningTasks(job, task.courseId, task.jobId));
        return { retry: false };
      }
      let result: StepResult;
      try {
        result = await runFill(job, task, step);
      } catch (error) {
        const verdict = failedStepVerdict(error, attempt.retryCount);
        // The queue's own backoff is shorter than the delays Gemini asks for, so the wait is here.
        if (verdict.retry && verdict.waitMs) await sleep(verdict.waitMs);
        if (verdict.retry) return verdict;
        if (!(error instanceof HttpError)) console.error('Job step failed', error);
        result = verdict.result;
      }
      const updated = await jobs.update(path, task.jobId, (current) => {
        finishStep(current, task, result);
        return { changed: true, result: dispatchSteps(current, task.courseId, task.jobId, now()) };
      });
      // Not caught: the queue tries this task again, and that try queues these (see above).
      if (updated) await enqueueAll(updated.result);
      return { retry: false };
    },
  };
}

export type JobsService = ReturnType<typeof jobsService>;
