import {
  learnerQuestionSchema,
  type LearnerChapterQuiz,
  type LearnerQuestion,
} from '@coursecraft/contracts';
import type { DiagramDrawing } from '@coursecraft/markdown';
import * as z from 'zod';
import type { CourseTree } from '../../outline';
import type { OutlineChapterQuiz, OutlineSubject, PageImage, TopicLink } from './page-model';

const pageImageSchema = z.object({
  src: z.string(),
  srcset: z.string(),
  width: z.number(),
  height: z.number(),
});

/** What every page of a course shows of it: stored in each page document of the snapshot. */
export const pageCourseSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The course's language setting as the author wrote it (mapped to a tag when rendering). */
  language: z.string(),
  cover: pageImageSchema.nullable(),
  /** The 1200 × 630 preview image's URL as the store gave it; null: the default image. */
  preview_image_url: z.string().nullable(),
  subjects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      cover: pageImageSchema.nullable(),
      chapters: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          topics: z.array(z.object({ id: z.string(), name: z.string(), hasContent: z.boolean() })),
          /** null for a chapter without a quiz, and in pages stored before quizzes. */
          quiz: z
            .object({
              questionCount: z.number(),
              passMark: z.number(),
              attempts: z.number().nullable(),
            })
            .nullable()
            .default(null),
        }),
      ),
    }),
  ),
});
export type PageCourseRecord = z.infer<typeof pageCourseSchema>;

const topicLinkSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** `learner_course_pages/{slug}`. */
export const coursePageDocumentSchema = z.object({
  course_id: z.string(),
  slug: z.string(),
  version: z.number(),
  listed: z.boolean(),
  course: pageCourseSchema,
});
export type CoursePageDocument = z.infer<typeof coursePageDocumentSchema>;

/** `learner_topic_pages/{slug}{topicId}`: the course's part plus the topic's lesson (markdown). */
export const topicPageDocumentSchema = coursePageDocumentSchema.extend({
  topic_id: z.string(),
  topic: z.object({
    name: z.string(),
    subject_name: z.string(),
    chapter_name: z.string(),
  }),
  previous: topicLinkSchema,
  next: topicLinkSchema,
  /** The lesson's markdown; null when the topic was published without one. */
  content: z.string().nullable(),
  /** The drawings of the lesson's diagrams by key; {} when dropped to fit the size limit. */
  drawings: z.record(z.string(), z.object({ light: z.string(), dark: z.string() })),
  /** The topic's checks as learners see them (no key); [] for none, and in pages stored before. */
  questions: z.array(learnerQuestionSchema).default([]),
});
export type TopicPageDocument = z.infer<typeof topicPageDocumentSchema>;

const pageQuiz = (quiz: LearnerChapterQuiz | null): OutlineChapterQuiz | null =>
  quiz
    ? { questionCount: quiz.question_count, passMark: quiz.pass_mark, attempts: quiz.attempts }
    : null;

/** The covers of a snapshot at the sizes the pages show (see cover-renditions). */
export interface PageCovers {
  course: PageImage | null;
  previewImageUrl: string | null;
  /** In the order of the tree's subjects. */
  subjects: (PageImage | null)[];
}

/**
 * Firestore refuses documents over 1 MiB (names and encoding included); JSON's byte length with
 * this margin stays under it.
 */
export const PAGE_DOCUMENT_MAX_BYTES = 1_000_000;

export const documentBytes = (document: object): number =>
  Buffer.byteLength(JSON.stringify(document), 'utf8');

/**
 * Every page document of a snapshot: the course page and one per topic in outline order, each
 * carrying the outline. `drawingsOf(topicId)` gives the drawings of that topic's lesson and
 * `checksOf(topicId)` its checks; `quizOf(chapterId)` is the chapter's quiz in the published
 * outline (null: none). A topic page over the size limit loses its drawings first (its
 * diagrams then show their text), then its checks, never its lesson; `onDropped` is told.
 */
export function pageDocuments(
  tree: CourseTree,
  {
    courseId,
    slug,
    version,
    listed,
    covers,
    drawingsOf,
    checksOf,
    quizOf,
    onDropped,
  }: {
    courseId: string;
    slug: string;
    version: number;
    listed: boolean;
    covers: PageCovers;
    drawingsOf: (topicId: string) => Record<string, DiagramDrawing>;
    checksOf: (topicId: string) => LearnerQuestion[];
    quizOf: (chapterId: string) => LearnerChapterQuiz | null;
    onDropped: (topicId: string, bytes: number, what: string) => void;
  },
): { coursePage: CoursePageDocument; topicPages: TopicPageDocument[] } {
  const subjects: OutlineSubject[] = tree.subjects.map((subject, index) => ({
    id: subject.id,
    name: subject.name,
    description: subject.description,
    cover: covers.subjects[index] ?? null,
    chapters: subject.chapters.map((chapter) => ({
      id: chapter.id,
      name: chapter.name,
      topics: chapter.topics.map((topic) => ({
        id: topic.id,
        name: topic.name,
        hasContent: topic.content !== null,
      })),
      quiz: pageQuiz(quizOf(chapter.id)),
    })),
  }));
  const course: PageCourseRecord = {
    name: tree.course.name,
    description: tree.course.description,
    language: tree.course.settings.language,
    cover: covers.course,
    preview_image_url: covers.previewImageUrl,
    subjects,
  };
  const coursePage: CoursePageDocument = { course_id: courseId, slug, version, listed, course };
  const flat = tree.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.topics.map((topic) => ({ subject, chapter, topic })),
    ),
  );
  const linkAt = (index: number): TopicLink | null => {
    const found = flat[index];
    return found ? { id: found.topic.id, name: found.topic.name } : null;
  };
  const topicPages = flat.map(({ subject, chapter, topic }, index) => {
    const page: TopicPageDocument = {
      ...coursePage,
      topic_id: topic.id,
      topic: { name: topic.name, subject_name: subject.name, chapter_name: chapter.name },
      previous: linkAt(index - 1),
      next: linkAt(index + 1),
      content: topic.content,
      drawings: topic.content === null ? {} : drawingsOf(topic.id),
      questions: checksOf(topic.id),
    };
    const bytes = documentBytes(page);
    if (bytes <= PAGE_DOCUMENT_MAX_BYTES) return page;
    const withoutDrawings = { ...page, drawings: {} };
    if (Object.keys(page.drawings).length > 0) {
      onDropped(topic.id, bytes, 'its diagrams show as text');
      if (documentBytes(withoutDrawings) <= PAGE_DOCUMENT_MAX_BYTES) return withoutDrawings;
    }
    if (page.questions.length === 0) return withoutDrawings;
    onDropped(topic.id, documentBytes(withoutDrawings), 'its checks are left out');
    return { ...withoutDrawings, questions: [] };
  });
  return { coursePage, topicPages };
}
