import { describe, expect, it } from 'vitest';
import { testJob } from '../../../../testing/test-generation-job';
import { stepText, jobStatusText, levelText } from './job-text';

describe('job texts', () => {
  it('says how a job ended, with one or many failed steps', () => {
    const ended = { status: 'finished', done: 119, total: 120 } as const;
    expect(jobStatusText(testJob({ ...ended, failed: 1 }))).toBe(
      'Course generated with 1 failed step: 119 of 120 steps done.',
    );
    expect(jobStatusText(testJob({ ...ended, done: 117, failed: 3 }))).toBe(
      'Course generated with 3 failed steps: 117 of 120 steps done.',
    );
    expect(jobStatusText(testJob({ ...ended, done: 120 }))).toBe(
      'Course generated: 120 of 120 steps.',
    );
    expect(jobStatusText(testJob({ status: 'stopped' }))).toBe(
      'Generation stopped: 37 of 120 steps done.',
    );
  });

  it('counts a level with its failures', () => {
    expect(levelText('lessons', { total: 40, done: 3, failed: 0 })).toBe('Lessons 3 of 40');
    expect(levelText('topics', { total: 30, done: 12, failed: 2 })).toBe(
      'Topics 12 of 30, 2 failed',
    );
  });

  it('names what each failed step was filling', () => {
    const step = { id: 'f', name: 'Limits', message: 'Gemini is busy.' };
    expect(stepText({ ...step, level: 'subjects' })).toBe('Subjects of “Limits”: Gemini is busy.');
    expect(stepText({ ...step, level: 'chapters' })).toBe('Chapters of “Limits”: Gemini is busy.');
    expect(stepText({ ...step, level: 'topics' })).toBe('Topics of “Limits”: Gemini is busy.');
    expect(stepText({ ...step, level: 'lessons' })).toBe('Lesson of “Limits”: Gemini is busy.');
  });

  it('name the questions level of a job that includes questions', () => {
    expect(levelText('questions', { total: 5, done: 3, failed: 1 })).toBe(
      'Questions 3 of 5, 1 failed',
    );
    expect(
      stepText({ id: 'f', level: 'questions', name: 'Limits', message: 'Gemini is busy.' }),
    ).toBe('Questions of “Limits”: Gemini is busy.');
  });
});
