import { describe, expect, it } from 'vitest';
import { citationsRemovedMessage } from '@coursecraft/contracts';
import type { UnwrittenNode } from '../outline';
import {
  STEP_DEADLINE_MS,
  addSteps,
  dispatchSteps,
  failOverdueSteps,
  finishStep,
  hasOverdueSteps,
  isCurrentRun,
  jobView,
  retryFailedSteps,
  runningTasks,
  stepIdOf,
  stopJob,
  type JobRecord,
  type StepTask,
} from './job-record';

const NOW = 1_750_000_000_000;
const COURSE = 'course1';
const JOB = 'job1';

const courseNode = (name = 'Physics'): UnwrittenNode => ({
  level: 'subjects',
  path: { courseId: COURSE },
  name,
});
const subjectNode = (subjectId: string, name = subjectId): UnwrittenNode => ({
  level: 'chapters',
  path: { courseId: COURSE, subjectId },
  name,
});
const chapterNode = (chapterId: string, name = chapterId): UnwrittenNode => ({
  level: 'topics',
  path: { courseId: COURSE, subjectId: 's1', chapterId },
  name,
});
const topicNode = (topicId: string, name = topicId): UnwrittenNode => ({
  level: 'lessons',
  path: { courseId: COURSE, subjectId: 's1', chapterId: 'c1', topicId },
  name,
});

/** A running job holding a pending step for each node. */
function jobOf(nodes: UnwrittenNode[], parallel = 4): JobRecord {
  const job: JobRecord = {
    ownerUid: 'owner',
    status: 'running',
    createdAt: NOW,
    finishedAt: null,
    parallel,
    includeQuestions: false,
    steps: {},
  };
  addSteps(job, nodes);
  return job;
}

const stateOf = (job: JobRecord, stepId: string) => job.steps[stepId]?.state;
const statesOf = (job: JobRecord) =>
  Object.fromEntries(Object.entries(job.steps).map(([id, step]) => [id, step.state]));
const taskOf = (job: JobRecord, stepId: string): StepTask => ({
  courseId: COURSE,
  jobId: JOB,
  stepId,
  round: job.steps[stepId]?.round ?? 0,
});
const dispatch = (job: JobRecord, now = NOW) => dispatchSteps(job, COURSE, JOB, now);
const dispatchedIds = (job: JobRecord, now = NOW) => dispatch(job, now).map((task) => task.stepId);

describe('stepIdOf', () => {
  it('names a step by its level and the id of the node it fills', () => {
    expect(stepIdOf(courseNode())).toBe(`subjects-${COURSE}`);
    expect(stepIdOf(subjectNode('s9'))).toBe('chapters-s9');
    expect(stepIdOf(chapterNode('c9'))).toBe('topics-c9');
    expect(stepIdOf(topicNode('t9'))).toBe('lessons-t9');
  });
});

describe('addSteps', () => {
  it('adds a pending first-round step per node, numbered in the order given', () => {
    const job = jobOf([topicNode('t1', 'Speed'), topicNode('t2')]);
    expect(job.steps['lessons-t1']).toEqual({
      level: 'lessons',
      path: topicNode('t1').path,
      name: 'Speed',
      state: 'pending',
      round: 1,
      order: 0,
      message: null,
      dispatchedAt: null,
    });
    expect(job.steps['lessons-t2']?.order).toBe(1);
  });

  it('skips nodes already in the job, whatever their state, and numbers on after the last', () => {
    const job = jobOf([topicNode('t1'), topicNode('t1')]);
    expect(Object.keys(job.steps)).toEqual(['lessons-t1']);
    const step = job.steps['lessons-t1'];
    if (step) step.state = 'done';
    addSteps(job, [topicNode('t1', 'Renamed'), topicNode('t2')]);
    expect(Object.keys(job.steps)).toEqual(['lessons-t1', 'lessons-t2']);
    expect(job.steps['lessons-t1']).toMatchObject({ state: 'done', name: 't1', order: 0 });
    expect(job.steps['lessons-t2']?.order).toBe(1);
  });
});

describe('dispatchSteps', () => {
  it('starts no more steps than `parallel`, counting those already running', () => {
    const job = jobOf(
      ['t1', 't2', 't3', 't4', 't5'].map((id) => topicNode(id)),
      2,
    );
    const tasks = dispatch(job);
    expect(tasks).toEqual([
      { courseId: COURSE, jobId: JOB, stepId: 'lessons-t1', round: 1 },
      { courseId: COURSE, jobId: JOB, stepId: 'lessons-t2', round: 1 },
    ]);
    expect(job.steps['lessons-t1']).toMatchObject({ state: 'running', dispatchedAt: NOW });
    expect(stateOf(job, 'lessons-t3')).toBe('pending');
    expect(dispatch(job)).toEqual([]);

    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    expect(dispatchedIds(job)).toEqual(['lessons-t3']);
    expect(job.status).toBe('running');
  });

  it('starts upper levels first, then in insertion order within a level', () => {
    const job = jobOf(
      [topicNode('t1'), chapterNode('c1'), topicNode('t2'), subjectNode('s2'), chapterNode('c2')],
      10,
    );
    addSteps(job, [courseNode()]);
    expect(dispatchedIds(job)).toEqual([
      `subjects-${COURSE}`,
      'chapters-s2',
      'topics-c1',
      'topics-c2',
      'lessons-t1',
      'lessons-t2',
    ]);
  });

  it('starts a topic’s questions after every lesson waiting, and counts them on their own level', () => {
    const job = jobOf([{ ...topicNode('t1'), level: 'questions' }, topicNode('t2')], 1);
    expect(dispatchedIds(job)).toEqual(['lessons-t2']);
    finishStep(job, taskOf(job, 'lessons-t2'), {
      state: 'done',
      unwritten: [{ ...topicNode('t2'), level: 'questions' }],
    });
    expect(dispatchedIds(job)).toEqual(['questions-t1']);
    expect(jobView(job, COURSE, JOB).levels).toMatchObject({
      lessons: { total: 1, done: 1, failed: 0 },
      questions: { total: 2, done: 0, failed: 0 },
    });
  });

  it('keeps a step of a lower level waiting while upper ones take every free place', () => {
    const job = jobOf([topicNode('t1'), chapterNode('c1'), chapterNode('c2')], 2);
    expect(dispatchedIds(job)).toEqual(['topics-c1', 'topics-c2']);
    expect(stateOf(job, 'lessons-t1')).toBe('pending');
  });

  it('finishes a job with nothing pending or running', () => {
    const job = jobOf([topicNode('t1')]);
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    expect(dispatch(job, NOW + 5)).toEqual([]);
    expect(job).toMatchObject({ status: 'finished', finishedAt: NOW + 5 });
  });

  it('finishes a job whose steps all failed, and one that never had a step', () => {
    const failed = jobOf([topicNode('t1')]);
    dispatch(failed);
    finishStep(failed, taskOf(failed, 'lessons-t1'), {
      state: 'failed',
      message: 'Gemini is unavailable',
      fatal: false,
    });
    dispatch(failed, NOW + 1);
    expect(failed).toMatchObject({ status: 'finished', finishedAt: NOW + 1 });

    const empty = jobOf([]);
    expect(dispatch(empty)).toEqual([]);
    expect(empty.status).toBe('finished');
  });

  it('starts nothing in a job that is not running', () => {
    const job = jobOf([topicNode('t1')]);
    stopJob(job, NOW);
    const step = job.steps['lessons-t1'];
    if (step) step.state = 'pending';
    expect(dispatch(job, NOW + 1)).toEqual([]);
    expect(job).toMatchObject({ status: 'stopped', finishedAt: NOW });
  });
});

describe('finishStep', () => {
  it('records a done step and adds the steps below what it wrote', () => {
    const job = jobOf([subjectNode('s1')]);
    dispatch(job);
    finishStep(job, taskOf(job, 'chapters-s1'), {
      state: 'done',
      unwritten: [chapterNode('c1'), chapterNode('c2')],
    });
    expect(statesOf(job)).toEqual({
      'chapters-s1': 'done',
      'topics-c1': 'pending',
      'topics-c2': 'pending',
    });
    expect(job.steps['topics-c2']?.order).toBe(2);
    expect(dispatchedIds(job)).toEqual(['topics-c1', 'topics-c2']);
  });

  it('does not add a step twice when two steps report the same node', () => {
    const job = jobOf([chapterNode('c1'), chapterNode('c2')]);
    dispatch(job);
    finishStep(job, taskOf(job, 'topics-c1'), { state: 'done', unwritten: [topicNode('t1')] });
    finishStep(job, taskOf(job, 'topics-c2'), {
      state: 'done',
      unwritten: [topicNode('t1'), topicNode('t2')],
    });
    expect(Object.keys(job.steps)).toEqual(['topics-c1', 'topics-c2', 'lessons-t1', 'lessons-t2']);
  });

  it('ignores a duplicate delivery of a task that already ended', () => {
    const job = jobOf([chapterNode('c1')]);
    dispatch(job);
    const task = taskOf(job, 'topics-c1');
    finishStep(job, task, { state: 'done', unwritten: [topicNode('t1')] });
    const before = structuredClone(job);
    expect(isCurrentRun(job, task)).toBe(false);
    finishStep(job, task, { state: 'failed', message: 'late', fatal: true });
    finishStep(job, task, { state: 'done', unwritten: [topicNode('t2')] });
    expect(job).toEqual(before);
  });

  it('ignores the task of an earlier round and of a step it does not know', () => {
    const job = jobOf([topicNode('t1')]);
    dispatch(job);
    const firstRound = taskOf(job, 'lessons-t1');
    finishStep(job, firstRound, {
      state: 'failed',
      message: 'Gemini is unavailable',
      fatal: false,
    });
    dispatch(job);
    retryFailedSteps(job);
    dispatch(job);
    expect(job.steps['lessons-t1']).toMatchObject({ state: 'running', round: 2 });
    const before = structuredClone(job);
    finishStep(job, firstRound, { state: 'done', unwritten: [] });
    finishStep(job, { ...firstRound, stepId: 'lessons-nowhere' }, { state: 'done', unwritten: [] });
    expect(job).toEqual(before);

    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    expect(stateOf(job, 'lessons-t1')).toBe('done');
  });

  it('cancels a step that ends after its job was stopped, storing nothing it reported', () => {
    const job = jobOf([chapterNode('c1')]);
    dispatch(job);
    stopJob(job, NOW + 1);
    finishStep(job, taskOf(job, 'topics-c1'), { state: 'done', unwritten: [topicNode('t1')] });
    expect(statesOf(job)).toEqual({ 'topics-c1': 'cancelled' });
    expect(job.status).toBe('stopped');
  });

  it('records a failure with its message, leaving the waiting steps alone unless fatal', () => {
    const job = jobOf(
      ['t1', 't2', 't3'].map((id) => topicNode(id)),
      1,
    );
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), {
      state: 'failed',
      message: 'Gemini is unavailable',
      fatal: false,
    });
    expect(job.steps['lessons-t1']).toMatchObject({
      state: 'failed',
      message: 'Gemini is unavailable',
    });
    expect(stateOf(job, 'lessons-t2')).toBe('pending');
    expect(dispatchedIds(job)).toEqual(['lessons-t2']);
  });

  it('a fatal failure fails every pending step with its message, not the running ones', () => {
    const job = jobOf(
      ['t1', 't2', 't3', 't4'].map((id) => topicNode(id)),
      2,
    );
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), {
      state: 'failed',
      message: 'The key was refused',
      fatal: true,
    });
    expect(statesOf(job)).toEqual({
      'lessons-t1': 'failed',
      'lessons-t2': 'running',
      'lessons-t3': 'failed',
      'lessons-t4': 'failed',
    });
    expect(job.steps['lessons-t4']?.message).toBe('The key was refused');
    expect(dispatch(job)).toEqual([]);
    expect(job.status).toBe('running');
  });

  it('records a cancelled step (its node was deleted) and clears its message', () => {
    const job = jobOf([topicNode('t1')]);
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'cancelled' });
    expect(job.steps['lessons-t1']).toMatchObject({ state: 'cancelled', message: null });
  });
});

describe('stopJob', () => {
  it('cancels the pending steps and keeps the running and ended ones', () => {
    const job = jobOf(
      ['t1', 't2', 't3', 't4'].map((id) => topicNode(id)),
      2,
    );
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    stopJob(job, NOW + 7);
    expect(job).toMatchObject({ status: 'stopped', finishedAt: NOW + 7 });
    expect(statesOf(job)).toEqual({
      'lessons-t1': 'done',
      'lessons-t2': 'running',
      'lessons-t3': 'cancelled',
      'lessons-t4': 'cancelled',
    });
  });

  it('changes nothing in a job that already ended', () => {
    const job = jobOf([topicNode('t1')]);
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    dispatch(job, NOW + 1);
    const before = structuredClone(job);
    stopJob(job, NOW + 2);
    expect(job).toEqual(before);
  });
});

describe('retryFailedSteps', () => {
  it('queues each failed step again in a new round and runs the job again', () => {
    const job = jobOf(['t1', 't2'].map((id) => topicNode(id)));
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), {
      state: 'failed',
      message: 'Gemini is unavailable',
      fatal: false,
    });
    finishStep(job, taskOf(job, 'lessons-t2'), { state: 'done', unwritten: [] });
    dispatch(job, NOW + 1);
    expect(job.status).toBe('finished');

    expect(retryFailedSteps(job)).toBe(true);
    expect(job).toMatchObject({ status: 'running', finishedAt: null });
    expect(job.steps['lessons-t1']).toMatchObject({
      state: 'pending',
      round: 2,
      message: null,
      dispatchedAt: null,
    });
    expect(job.steps['lessons-t2']).toMatchObject({ state: 'done', round: 1 });
    expect(dispatch(job, NOW + 2)).toEqual([
      { courseId: COURSE, jobId: JOB, stepId: 'lessons-t1', round: 2 },
    ]);
  });

  it('answers false and changes nothing without failed steps', () => {
    const job = jobOf([topicNode('t1')]);
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    dispatch(job, NOW + 1);
    const before = structuredClone(job);
    expect(retryFailedSteps(job)).toBe(false);
    expect(job).toEqual(before);
  });
});

describe('overdue steps', () => {
  it('are running steps queued longer ago than the deadline', () => {
    const job = jobOf(
      ['t1', 't2'].map((id) => topicNode(id)),
      1,
    );
    dispatch(job);
    expect(hasOverdueSteps(job, NOW + STEP_DEADLINE_MS)).toBe(false);
    expect(hasOverdueSteps(job, NOW + STEP_DEADLINE_MS + 1)).toBe(true);
    // A pending step is never overdue, however long it waits.
    expect(stateOf(job, 'lessons-t2')).toBe('pending');
  });

  it('are not looked for in a job that is no longer running', () => {
    const job = jobOf([topicNode('t1')]);
    dispatch(job);
    stopJob(job, NOW + 1);
    expect(hasOverdueSteps(job, NOW + STEP_DEADLINE_MS + 1)).toBe(false);
  });

  it('failOverdueSteps fails only those, with the message, and answers whether there were any', () => {
    const job = jobOf(
      ['t1', 't2', 't3'].map((id) => topicNode(id)),
      2,
    );
    dispatch(job);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    dispatch(job, NOW + 1000);
    const late = NOW + STEP_DEADLINE_MS + 1;
    expect(failOverdueSteps(job, late, 'Did not finish')).toBe(true);
    expect(statesOf(job)).toEqual({
      'lessons-t1': 'done',
      'lessons-t2': 'failed',
      'lessons-t3': 'running',
    });
    expect(job.steps['lessons-t2']?.message).toBe('Did not finish');
    expect(failOverdueSteps(job, late, 'Did not finish')).toBe(false);
  });
});

describe('runningTasks', () => {
  it('lists the running steps with their current round', () => {
    const job = jobOf(
      ['t1', 't2', 't3'].map((id) => topicNode(id)),
      2,
    );
    const queued = dispatch(job);
    expect(queued.map((task) => task.stepId)).toEqual(['lessons-t1', 'lessons-t2']);
    expect(runningTasks(job, COURSE, JOB)).toEqual(queued);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'failed', message: 'x', fatal: false });
    retryFailedSteps(job);
    dispatch(job);
    expect(runningTasks(job, COURSE, JOB)).toEqual([
      { courseId: COURSE, jobId: JOB, stepId: 'lessons-t1', round: 2 },
      { courseId: COURSE, jobId: JOB, stepId: 'lessons-t2', round: 1 },
    ]);
  });
});

describe('jobView', () => {
  it('counts the steps by state and per level, and lists the failed ones in order', () => {
    const job = jobOf([subjectNode('s1', 'Optics'), chapterNode('c1', 'Motion')], 10);
    addSteps(
      job,
      ['t1', 't2', 't3'].map((id) => topicNode(id, `Topic ${id}`)),
    );
    dispatch(job);
    finishStep(job, taskOf(job, 'chapters-s1'), { state: 'done', unwritten: [] });
    finishStep(job, taskOf(job, 'topics-c1'), {
      state: 'failed',
      message: 'Gemini is unavailable',
      fatal: false,
    });
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    finishStep(job, taskOf(job, 'lessons-t3'), {
      state: 'failed',
      message: 'Too long',
      fatal: false,
    });

    expect(jobView(job, COURSE, JOB)).toEqual({
      id: JOB,
      course_id: COURSE,
      status: 'running',
      total: 5,
      done: 2,
      failed: 2,
      running: 1,
      cancelled: 0,
      levels: {
        subjects: { total: 0, done: 0, failed: 0 },
        chapters: { total: 1, done: 1, failed: 0 },
        topics: { total: 1, done: 0, failed: 1 },
        lessons: { total: 3, done: 1, failed: 1 },
        questions: { total: 0, done: 0, failed: 0 },
      },
      failed_steps: [
        { id: 'topics-c1', level: 'topics', name: 'Motion', message: 'Gemini is unavailable' },
        { id: 'lessons-t3', level: 'lessons', name: 'Topic t3', message: 'Too long' },
      ],
      noted_steps: [],
      created_at: new Date(NOW).toISOString(),
      finished_at: null,
    });
  });

  it('lists a done step with a note (citations removed) among the noted steps', () => {
    const job = jobOf(
      ['t1', 't2'].map((id) => topicNode(id)),
      2,
    );
    dispatch(job);
    const note = citationsRemovedMessage(2);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [], note });
    finishStep(job, taskOf(job, 'lessons-t2'), { state: 'done', unwritten: [] });
    expect(jobView(job, COURSE, JOB).noted_steps).toEqual([
      { id: 'lessons-t1', level: 'lessons', name: 't1', message: note },
    ]);
  });

  it('shows when a job ended, and counts cancelled steps', () => {
    const job = jobOf(
      ['t1', 't2'].map((id) => topicNode(id)),
      1,
    );
    dispatch(job);
    stopJob(job, NOW + 60_000);
    finishStep(job, taskOf(job, 'lessons-t1'), { state: 'done', unwritten: [] });
    expect(jobView(job, COURSE, JOB)).toMatchObject({
      status: 'stopped',
      total: 2,
      done: 0,
      running: 0,
      cancelled: 2,
      failed_steps: [],
      finished_at: new Date(NOW + 60_000).toISOString(),
    });
  });
});
