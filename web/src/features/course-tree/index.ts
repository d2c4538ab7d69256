/**
 * The course tree's public entry: what other features and app/ use of it. Other features import
 * the tree only from here; inside the tree, files import each other directly.
 */
export { useCourse } from './api/get-course';
export { useCourseTree } from './api/get-course-tree';
export { patchItem, patchOne } from './lib/cache';
export { courseTreeKeys } from './lib/keys';
export { LessonView } from './lesson/LessonView';
