import type { QueryKey } from '@tanstack/react-query';
import { courseTreeKeys } from '../../course-tree';

const api = (courseId: string) => `/courses/${encodeURIComponent(courseId)}/sources`;

/** The sources API's paths, under /api. */
export const sourcesApi = {
  list: api,
  one: (courseId: string, sourceId: string) => `${api(courseId)}/${encodeURIComponent(sourceId)}`,
};

/** A course's sources sit under the course's key, so deleting the course drops them too. */
export const sourcesKeys = {
  list: (courseId: string): QueryKey => [...courseTreeKeys.course(courseId), 'sources'],
};
