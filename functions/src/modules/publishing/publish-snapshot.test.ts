import { courseSettingsOf } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import type { CourseTree } from '../outline';
import {
  nextVersion,
  publishedLessons,
  publishedOutline,
  quizChaptersOf,
  topicIdsOf,
  versionAgedOut,
} from './publish-snapshot';

const topic = (id: string, content: string | null) => ({
  id,
  name: `Topic ${id}`,
  has_content: content !== null,
  content,
});

const TREE: CourseTree = {
  course: {
    id: 'c1',
    name: 'Physics',
    description: 'Forces',
    image_url: 'https://store/c1.png',
    has_subjects: true,
    published: false,
    settings: courseSettingsOf(undefined),
  },
  subjects: [
    {
      id: 's1',
      name: 'Mechanics',
      description: null,
      image_url: 'https://store/s1.png',
      has_chapters: true,
      chapters: [
        {
          id: 'ch1',
          name: 'Motion',
          has_topics: true,
          topics: [topic('t1', '# One'), topic('t2', null)],
        },
        { id: 'ch2', name: 'Empty', has_topics: false, topics: [] },
      ],
    },
    {
      id: 's2',
      name: 'Waves',
      description: 'Sound',
      image_url: null,
      has_chapters: true,
      chapters: [{ id: 'ch3', name: 'Sound', has_topics: true, topics: [topic('t3', '')] }],
    },
  ],
};

const QUIZ = {
  question_count: 2,
  pass_mark: 70,
  attempts: 3,
  shuffle: true,
  show_answers_after: 'never',
} as const;

describe('publishedOutline', () => {
  it('keeps every level in outline order and shows the covers and quizzes it is given', () => {
    const outline = publishedOutline(
      TREE,
      {
        course: 'published/c1/v2/cover.png',
        subjects: ['published/c1/v2/subjects/s1.png', null],
      },
      new Map([['ch3', QUIZ]]),
    );
    expect(outline).toEqual({
      name: 'Physics',
      description: 'Forces',
      image_url: 'published/c1/v2/cover.png',
      require_quiz_pass: true,
      subjects: [
        {
          id: 's1',
          name: 'Mechanics',
          description: null,
          image_url: 'published/c1/v2/subjects/s1.png',
          chapters: [
            {
              id: 'ch1',
              name: 'Motion',
              topics: [
                { id: 't1', name: 'Topic t1', has_content: true },
                { id: 't2', name: 'Topic t2', has_content: false },
              ],
              quiz: null,
            },
            { id: 'ch2', name: 'Empty', topics: [], quiz: null },
          ],
        },
        {
          id: 's2',
          name: 'Waves',
          description: 'Sound',
          image_url: null,
          chapters: [
            {
              id: 'ch3',
              name: 'Sound',
              topics: [{ id: 't3', name: 'Topic t3', has_content: true }],
              quiz: QUIZ,
            },
          ],
        },
      ],
    });
    expect(topicIdsOf(outline)).toEqual(['t1', 't2', 't3']);
    expect(quizChaptersOf(outline)).toEqual([{ chapterId: 'ch3', quiz: QUIZ }]);
  });

  it('shows no cover for a subject the covers leave out', () => {
    const outline = publishedOutline(TREE, { course: null, subjects: [] });
    expect(outline.image_url).toBeNull();
    expect(outline.subjects.map((subject) => subject.image_url)).toEqual([null, null]);
  });
});

describe('publishedLessons', () => {
  it('publishes one lesson per topic, an empty one for a topic without a lesson', () => {
    expect(publishedLessons(TREE)).toEqual([
      { topicId: 't1', content: '# One' },
      { topicId: 't2', content: '' },
      { topicId: 't3', content: '' },
    ]);
  });

  it('publishes no lesson for a course without topics', () => {
    expect(publishedLessons({ course: TREE.course, subjects: [] })).toEqual([]);
  });
});

describe('versions', () => {
  it('starts at 1 and counts on from the current publication', () => {
    expect(nextVersion(null)).toBe(1);
    expect(nextVersion({ version: 1 })).toBe(2);
    expect(nextVersion({ version: 41 })).toBe(42);
  });

  it('keeps the live and the previous snapshot, and ages out the one before', () => {
    expect(versionAgedOut(1)).toBeNull();
    expect(versionAgedOut(2)).toBeNull();
    expect(versionAgedOut(3)).toBe(1);
    expect(versionAgedOut(10)).toBe(8);
  });
});
