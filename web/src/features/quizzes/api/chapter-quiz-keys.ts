import type { QueryKey } from '@tanstack/react-query';
import { courseTreeKeys } from '../../course-tree';

/** The ids naming one chapter. */
export interface ChapterIds {
  courseId: string;
  subjectId: string;
  chapterId: string;
}

const id = encodeURIComponent;

/** The API path (below /api) of a chapter's quiz settings. */
export const chapterQuizPath = ({ courseId, subjectId, chapterId }: ChapterIds) =>
  `/courses/${id(courseId)}/subjects/${id(subjectId)}/chapters/${id(chapterId)}/quiz`;

/**
 * The cache key of a chapter's quiz settings, below the chapter's place in the course tree's keys
 * so that removing a deleted chapter, subject or course drops them too.
 */
export const chapterQuizKey = (chapter: ChapterIds): QueryKey => [
  ...courseTreeKeys.chapter(chapter),
  'quiz',
];
