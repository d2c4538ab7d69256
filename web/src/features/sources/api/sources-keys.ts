import type { QueryKey } from '@tanstack/react-query';
import { courseTreeKeys } from '../../course-tree';

const course = (courseId: string) => `/courses/${encodeURIComponent(courseId)}`;
const api = (courseId: string) => `${course(courseId)}/sources`;

/** The sources API's paths, under /api. */
export const sourcesApi = {
  list: api,
  one: (courseId: string, sourceId: string) => `${api(courseId)}/${encodeURIComponent(sourceId)}`,
  changedLessons: (courseId: string) => `${course(courseId)}/changed_lessons`,
};

/** A course's sources sit under the course's key, so deleting the course drops them too. */
export const sourcesKeys = {
  list: (courseId: string): QueryKey => [...courseTreeKeys.course(courseId), 'sources'],
  /** Below what the tree reads again whenever it stores a generated lesson. */
  changedLessons: (courseId: string): QueryKey => [
    ...courseTreeKeys.fromLessons(courseId),
    'changed-lessons',
  ],
};
