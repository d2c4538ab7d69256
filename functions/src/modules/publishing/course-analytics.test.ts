import { ANALYTICS_DAYS } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { courseAnalytics } from './course-analytics';
import type { ProgressRecord, PublishedOutline } from './publishing-repository';

const NOW = new Date('2025-06-30T15:00:00Z');

const OUTLINE: PublishedOutline = {
  name: 'Physics',
  description: '',
  image_url: null,
  require_quiz_pass: false,
  subjects: [
    {
      id: 's1',
      name: 'Mechanics',
      description: null,
      image_url: null,
      chapters: [
        {
          id: 'ch1',
          name: 'Motion',
          topics: [
            { id: 't1', name: 'Speed', has_content: true },
            { id: 't2', name: 'Force', has_content: true },
          ],
          quiz: null,
        },
      ],
    },
  ],
};

const learner = (uid: string, completed: string[], startedAt: string): ProgressRecord => ({
  uid,
  completed,
  startedAt: new Date(startedAt),
  quizzes: new Map(),
});

describe('courseAnalytics', () => {
  it('counts learners who started, who completed every topic, and each topic’s completions', () => {
    const result = courseAnalytics(
      OUTLINE,
      [
        learner('a', ['t1', 't2'], '2025-06-30T01:00:00Z'),
        learner('b', ['t1', 'gone'], '2025-06-29T23:59:59Z'),
        learner('c', [], '2025-06-30T14:00:00Z'),
        learner('d', ['t2', 't1', 't1'], '2025-06-01T00:00:00Z'),
      ],
      NOW,
    );
    expect(result.learners_started).toBe(4);
    expect(result.learners_completed).toBe(2);
    expect(result.completion_rate).toBe(0.5);
    expect(result.topics).toEqual([
      {
        topic_id: 't1',
        name: 'Speed',
        subject_name: 'Mechanics',
        chapter_name: 'Motion',
        completed: 3,
      },
      {
        topic_id: 't2',
        name: 'Force',
        subject_name: 'Mechanics',
        chapter_name: 'Motion',
        completed: 2,
      },
    ]);
  });

  it('counts starts per UTC day over the last days, today last, and nothing older', () => {
    const { started_per_day: days } = courseAnalytics(
      OUTLINE,
      [
        learner('a', [], '2025-06-30T00:00:00Z'),
        learner('b', [], '2025-06-30T23:59:59Z'),
        learner('c', [], '2025-06-29T23:59:59Z'),
        learner('d', [], `2025-05-31T12:00:00Z`),
        learner('e', [], `2025-06-01T00:00:00Z`),
      ],
      NOW,
    );
    expect(days).toHaveLength(ANALYTICS_DAYS);
    expect(days.at(-1)).toEqual({ date: '2025-06-30', learners: 2 });
    expect(days.at(-2)).toEqual({ date: '2025-06-29', learners: 1 });
    expect(days[0]).toEqual({ date: '2025-06-01', learners: 1 });
    expect(days.reduce((sum, day) => sum + day.learners, 0)).toBe(4);
  });

  it('answers zeros and no topics for a course never published', () => {
    const result = courseAnalytics(null, [learner('a', ['t1'], '2025-06-30T00:00:00Z')], NOW);
    expect(result.learners_started).toBe(1);
    expect(result.learners_completed).toBe(0);
    expect(result.completion_rate).toBe(0);
    expect(result.topics).toEqual([]);
  });

  it('has a completion rate of 0, not NaN, without learners', () => {
    const result = courseAnalytics(OUTLINE, [], NOW);
    expect(result.completion_rate).toBe(0);
    expect(result.started_per_day.every((day) => day.learners === 0)).toBe(true);
  });
});
