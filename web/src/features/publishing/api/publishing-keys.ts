import type { QueryKey } from '@tanstack/react-query';
import { courseTreeKeys } from '../../course-tree';

const id = encodeURIComponent;

/** API paths (below /api) of a course's publication and analytics. */
export const publishingApi = {
  publication: (courseId: string) => `/courses/${id(courseId)}/publish`,
  analytics: (courseId: string) => `/courses/${id(courseId)}/analytics`,
};

/**
 * Cache keys, below the course's own key so that dropping a deleted course drops its
 * publication and analytics too (scoped to the user by `useUserQuery`/`useUserScope`).
 */
export const publishingKeys = {
  publication: (courseId: string): QueryKey => [...courseTreeKeys.course(courseId), 'publication'],
  analytics: (courseId: string): QueryKey => [...courseTreeKeys.course(courseId), 'analytics'],
};
