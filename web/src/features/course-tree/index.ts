/**
 * The course tree's public entry: what other features use of it, and the only file of the tree
 * they may import. Inside the tree, files import each other directly. app/ loads the tree's pages
 * by their own files, lazily, so that each page stays its own chunk: exported from here, every
 * page would load with whichever feature imports this entry.
 */
export { useCourse } from './api/get-course';
export { useCourseTree } from './api/get-course-tree';
export { useCreateCourse } from './courses/api/create-course';
export { patchItem, patchOne } from './lib/cache';
export { courseTreeKeys, type TopicRef } from './lib/keys';
export { LessonView } from './lesson/LessonView';
export {
  CourseTreeSlotsProvider,
  type CourseTreeSlots,
  type LessonActions,
  type SubjectsScreenActions,
} from './slots';
