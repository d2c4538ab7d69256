import {
  DEFAULT_COURSE_SETTINGS,
  type LearnerChapterQuiz,
  type LearnerQuestion,
} from '@coursecraft/contracts';
import type { DiagramDrawing } from '@coursecraft/markdown';
import { describe, expect, it } from 'vitest';
import type { CourseTree } from '../../outline';
import {
  PAGE_DOCUMENT_MAX_BYTES,
  coursePageDocumentSchema,
  documentBytes,
  pageDocuments,
} from './page-documents';

const topic = (id: string, content: string | null) => ({
  id,
  name: `Topic ${id}`,
  has_content: content !== null,
  content,
});

const TREE: CourseTree = {
  course: {
    id: 'c1',
    name: 'Tides',
    description: 'The sea',
    image_url: null,
    has_subjects: true,
    published: false,
    settings: { ...DEFAULT_COURSE_SETTINGS, language: 'French' },
  },
  subjects: [
    {
      id: 's1',
      name: 'Moon',
      description: null,
      image_url: null,
      has_chapters: true,
      chapters: [
        {
          id: 'ch1',
          name: 'Orbits',
          has_topics: true,
          topics: [topic('t1', '# One'), topic('t2', null)],
        },
        { id: 'ch2', name: 'Pull', has_topics: true, topics: [topic('t3', '# Three')] },
      ],
    },
  ],
};

const QUIZ: LearnerChapterQuiz = {
  question_count: 4,
  pass_mark: 80,
  attempts: null,
  shuffle: true,
  show_answers_after: 'never',
};

const check = (html: string): LearnerQuestion => ({ id: 'q1', type: 'short_answer', html });

const options = (drawing: string, checkHtml = '<p>Why?</p>') => ({
  courseId: 'c1',
  slug: 'AAAAAAAAAAAAAAAA',
  version: 3,
  listed: true,
  covers: { course: null, previewImageUrl: null, subjects: [null] },
  drawingsOf: (topicId: string): Record<string, DiagramDrawing> =>
    topicId === 't3' ? { k: { light: drawing, dark: drawing } } : {},
  checksOf: (topicId: string): LearnerQuestion[] => (topicId === 't3' ? [check(checkHtml)] : []),
  quizOf: (chapterId: string): LearnerChapterQuiz | null => (chapterId === 'ch2' ? QUIZ : null),
  onDropped: () => {},
});

describe('pageDocuments', () => {
  it('gives each topic its place, Previous and Next across chapters, and the whole outline', () => {
    const { coursePage, topicPages } = pageDocuments(TREE, options('<svg/>'));
    expect(coursePage).toMatchObject({ course_id: 'c1', slug: 'AAAAAAAAAAAAAAAA', listed: true });
    expect(coursePage.course.language).toBe('French');
    expect(topicPages.map((page) => [page.topic_id, page.previous?.id, page.next?.id])).toEqual([
      ['t1', undefined, 't2'],
      ['t2', 't1', 't3'],
      ['t3', 't2', undefined],
    ]);
    expect(topicPages[1]).toMatchObject({
      content: null,
      drawings: {},
      topic: { name: 'Topic t2', subject_name: 'Moon', chapter_name: 'Orbits' },
    });
    expect(topicPages[2]?.drawings).toEqual({ k: { light: '<svg/>', dark: '<svg/>' } });
    expect(topicPages[2]?.questions).toEqual([check('<p>Why?</p>')]);
    expect(topicPages[0]?.questions).toEqual([]);
    for (const page of topicPages) expect(page.course).toEqual(coursePage.course);
  });

  it('carries each chapter’s quiz summary in the outline, null for a chapter without one', () => {
    const { coursePage } = pageDocuments(TREE, options('<svg/>'));
    const chapters = coursePage.course.subjects[0]?.chapters ?? [];
    expect(chapters.map((chapter) => [chapter.id, chapter.quiz])).toEqual([
      ['ch1', null],
      ['ch2', { questionCount: 4, passMark: 80, attempts: null }],
    ]);
    expect(coursePageDocumentSchema.parse(coursePage)).toEqual(coursePage);
    const stored = structuredClone(coursePage);
    for (const chapter of stored.course.subjects[0]?.chapters ?? []) {
      delete (chapter as Partial<typeof chapter>).quiz;
    }
    const before = coursePageDocumentSchema.parse(stored);
    expect(before.course.subjects[0]?.chapters.map((chapter) => chapter.quiz)).toEqual([
      null,
      null,
    ]);
  });

  it('drops the drawings, never the lesson, of a page that would pass the size limit', () => {
    const dropped: string[] = [];
    const huge = `<svg>${'x'.repeat(PAGE_DOCUMENT_MAX_BYTES / 2)}</svg>`;
    const { topicPages } = pageDocuments(TREE, {
      ...options(huge),
      onDropped: (topicId) => dropped.push(topicId),
    });
    expect(dropped).toEqual(['t3']);
    expect(topicPages[2]).toMatchObject({ content: '# Three', drawings: {} });
    expect(documentBytes(topicPages[2] ?? {})).toBeLessThan(PAGE_DOCUMENT_MAX_BYTES);
  });

  it('drops the checks after the drawings, never the lesson, when the drawings were not enough', () => {
    const dropped: string[] = [];
    const huge = 'x'.repeat(PAGE_DOCUMENT_MAX_BYTES / 2);
    const { topicPages } = pageDocuments(TREE, {
      ...options(`<svg>${huge}</svg>`, huge + huge),
      onDropped: (topicId, _bytes, what) => dropped.push(`${topicId}: ${what}`),
    });
    expect(dropped).toEqual(['t3: its diagrams show as text', 't3: its checks are left out']);
    expect(topicPages[2]).toMatchObject({ content: '# Three', drawings: {}, questions: [] });
  });

  it('keeps the checks when dropping the drawings is enough', () => {
    const huge = `<svg>${'x'.repeat(PAGE_DOCUMENT_MAX_BYTES / 2)}</svg>`;
    const { topicPages } = pageDocuments(TREE, options(huge));
    expect(topicPages[2]).toMatchObject({ drawings: {}, questions: [check('<p>Why?</p>')] });
  });
});
