import { getFunctions } from 'firebase-admin/functions';
import { adminApp } from '../firebase-admin';

/** The region of every function; Hosting's rewrite and the task queues name it. */
export const FUNCTIONS_REGION = 'us-central1';

/** The task-queue function that runs one step of a whole-course job (exported by index.ts). */
export const GENERATION_STEP_FUNCTION = 'generationStep';

/** The task-queue function that reads one source's file into text (exported by index.ts). */
export const EXTRACT_SOURCE_FUNCTION = 'extractSource';

/** Queues tasks for one task-queue function. */
export interface TaskQueue<T> {
  /**
   * Queues `data` under `id`. A second enqueue of the same id is a no-op, so whoever is unsure
   * whether a task was queued can simply queue it again.
   */
  enqueue(data: T, id: string): Promise<void>;
  /** Drops the task `id` if it is still waiting; one already run or never queued is no error. */
  remove(id: string): Promise<void>;
}

/** Longest a step may run before Cloud Tasks counts it as failed and tries again. */
const DISPATCH_DEADLINE_SECONDS = 600;

function isAlreadyQueued(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'functions/task-already-exists'
  );
}

/**
 * The Cloud Tasks queue of a task-queue function, through the Admin SDK; it follows
 * CLOUD_TASKS_EMULATOR_HOST, which the Functions emulator sets, to the Cloud Tasks emulator.
 */
export function cloudTaskQueue<T extends object>(functionName: string): TaskQueue<T> {
  const queue = () =>
    getFunctions(adminApp()).taskQueue<T>(
      `locations/${FUNCTIONS_REGION}/functions/${functionName}`,
    );
  return {
    async enqueue(data, id) {
      try {
        await queue().enqueue(data, { id, dispatchDeadlineSeconds: DISPATCH_DEADLINE_SECONDS });
      } catch (error) {
        if (!isAlreadyQueued(error)) throw error;
      }
    },
    // The Admin SDK already answers a task that is gone (404) as done.
    remove: (id) => queue().delete(id),
  };
}
