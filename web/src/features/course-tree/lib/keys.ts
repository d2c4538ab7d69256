import type { QueryKey } from '@tanstack/react-query';

/** A subject, named by its course and its own id. */
export interface SubjectRef {
  courseId: string;
  subjectId: string;
}

export interface ChapterRef extends SubjectRef {
  chapterId: string;
}

export interface TopicRef extends ChapterRef {
  topicId: string;
}

const course = (courseId: string): QueryKey => ['course', courseId];
const subject = ({ courseId, subjectId }: SubjectRef): QueryKey => [
  ...course(courseId),
  'subject',
  subjectId,
];
const chapter = (ref: ChapterRef): QueryKey => [...subject(ref), 'chapter', ref.chapterId];
const content = (ref: TopicRef): QueryKey => [...chapter(ref), 'topic', ref.topicId, 'content'];

/**
 * Cache keys of the course tree, before `useUserQuery`/`useUserScope` scope them to the signed-in
 * user. Everything cached about a course sits below the course's key, and everything about a
 * subject or chapter below theirs, so removing a node's key drops its whole subtree.
 */
export const courseTreeKeys = {
  courses: (): QueryKey => ['courses'],
  course,
  subjects: (courseId: string): QueryKey => [...course(courseId), 'subjects'],
  /** What the course holds, counted (a subject given: what that subject holds). */
  /** The whole course with every lesson (exports, print). */
  tree: (courseId: string): QueryKey => [...course(courseId), 'tree'],
  /**
   * What other features read from the course's lessons (such as the lessons whose sources
   * changed): their keys go below this one, which the tree reads again whenever it stores a
   * generated lesson.
   */
  fromLessons: (courseId: string): QueryKey => [...course(courseId), 'from-lessons'],
  counts: ({ courseId, subjectId }: { courseId: string; subjectId?: string }): QueryKey =>
    subjectId === undefined
      ? [...course(courseId), 'counts']
      : [...subject({ courseId, subjectId }), 'counts'],
  /** Every subject of the course, with what is cached below each (not the subjects list). */
  allSubjects: (courseId: string): QueryKey => [...course(courseId), 'subject'],
  subject,
  chapters: (ref: SubjectRef): QueryKey => [...subject(ref), 'chapters'],
  /** Every chapter of the subject, with its topics and lessons (not the chapters list). */
  allChapters: (ref: SubjectRef): QueryKey => [...subject(ref), 'chapter'],
  chapter,
  topics: (ref: ChapterRef): QueryKey => [...chapter(ref), 'topics'],
  content,
  /** The versions of a topic's lesson, below its content, so they leave with the topic. */
  lessonVersions: (ref: TopicRef): QueryKey => [...content(ref), 'versions'],
  /** One version's markdown (a version never changes). */
  lessonVersion: (ref: TopicRef, versionId: string): QueryKey => [
    ...content(ref),
    'version',
    versionId,
  ],
};
