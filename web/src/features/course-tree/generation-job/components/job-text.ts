import type { FailedJobStep, GenerationJob, JobLevel, NotedJobStep } from '@coursecraft/contracts';

/** Texts of whole-course generation: its button and its progress panel (see docs/product.md). */
export const JOB_TEXT = {
  start: 'Generate Whole Course',
  startFailed: 'Failed to start generating the course. Please try again.',
  panel: 'Course generation',
  progress: 'Course generation progress',
  levels: 'Steps per level',
  failedSteps: 'Failed steps',
  /** Done steps with something the author should know. */
  notes: 'Notes',
  stop: 'Stop',
  stopping: 'Stopping...',
  stopFailed: 'Failed to stop the generation. Please try again.',
  retry: 'Retry failed steps',
  retrying: 'Retrying...',
  retryFailed: 'Failed to retry the failed steps. Please try again.',
  hide: 'Hide generation progress',
} as const;

const LEVEL_NAMES: Record<JobLevel, string> = {
  subjects: 'Subjects',
  chapters: 'Chapters',
  topics: 'Topics',
  lessons: 'Lessons',
  questions: 'Questions',
};

/** What a failed step was filling, before the quoted name of the node it was filling. */
const STEP_PREFIXES: Record<JobLevel, string> = {
  subjects: 'Subjects of',
  chapters: 'Chapters of',
  topics: 'Topics of',
  lessons: 'Lesson of',
  questions: 'Questions of',
};

const steps = (count: number) => `${count} failed step${count === 1 ? '' : 's'}`;

/** The panel's status line, e.g. 'Generating course: 37 of 120 steps'. */
export function jobStatusText({ status, done, total, failed }: GenerationJob): string {
  switch (status) {
    case 'running':
      return `Generating course: ${done} of ${total} steps`;
    case 'stopped':
      return `Generation stopped: ${done} of ${total} steps done.`;
    case 'finished':
      return failed > 0
        ? `Course generated with ${steps(failed)}: ${done} of ${total} steps done.`
        : `Course generated: ${done} of ${total} steps.`;
  }
}

/** One level's line, e.g. 'Topics 12 of 30' or 'Lessons 3 of 40, 2 failed'. */
export function levelText(
  level: JobLevel,
  { done, total, failed }: GenerationJob['levels'][JobLevel],
): string {
  const line = `${LEVEL_NAMES[level]} ${done} of ${total}`;
  return failed > 0 ? `${line}, ${failed} failed` : line;
}

/**
 * A failed step or a done step's note, e.g. 'Lesson of “Limits”: Gemini is busy. Please try
 * again.' or 'Lesson of “Limits”: 1 citation could not be checked against your sources and was
 * removed.'
 */
export function stepText({ level, name, message }: FailedJobStep | NotedJobStep): string {
  return `${STEP_PREFIXES[level]} “${name}”: ${message}`;
}
