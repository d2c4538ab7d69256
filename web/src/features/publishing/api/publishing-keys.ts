import type { QueryKey } from '@tanstack/react-query';
import { courseTreeKeys } from '../../course-tree';

const id = encodeURIComponent;

/** API paths (below /api) of a course's publication and analytics. */
export const publishingApi = {
  publication: (courseId: string) => `/courses/${id(courseId)}/publish`,
  analytics: (courseId: string) => `/courses/${id(courseId)}/analytics`,
  listing: (courseId: string) => `/courses/${id(courseId)}/publish/listing`,
  tree: (courseId: string) => `/courses/${id(courseId)}/tree`,
  diagrams: (courseId: string) => `/courses/${id(courseId)}/diagrams`,
  topicDiagrams: ({ courseId, subjectId, chapterId, topicId }: TopicIds) =>
    `/courses/${id(courseId)}/subjects/${id(subjectId)}/chapters/${id(chapterId)}/topics/${id(topicId)}/diagrams`,
};

/** The ids naming one topic. */
export interface TopicIds {
  courseId: string;
  subjectId: string;
  chapterId: string;
  topicId: string;
}

/**
 * Cache keys, below the course's own key so that dropping a deleted course drops its
 * publication and analytics too (scoped to the user by `useUserQuery`/`useUserScope`).
 */
export const publishingKeys = {
  publication: (courseId: string): QueryKey => [...courseTreeKeys.course(courseId), 'publication'],
  analytics: (courseId: string): QueryKey => [...courseTreeKeys.course(courseId), 'analytics'],
};
