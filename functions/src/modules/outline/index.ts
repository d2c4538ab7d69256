/**
 * The outline module's public entry: the course tree (course → subjects → chapters → topics →
 * lessons) and its one home on the API. Other modules import only from here.
 */
export type {
  ChapterDocuments,
  CourseDocuments,
  CourseTree,
  FillOutcome,
  LessonWriteOutcome,
  NodeLevel,
  SubjectDocuments,
  TopicDocuments,
  UnwrittenNode,
  UnwrittenOptions,
} from './outline-types';
export { outlineRepository, type OutlineRepository } from './outline-repository';
export { createOutline, type Outline } from './outline';
export {
  nodeDeletions,
  type DeletedNode,
  type NodeDeletionHandler,
  type NodeDeletions,
} from './node-deletions';
export { ownedOutline, OUTLINE_NOT_FOUND, type OwnedOutline } from './owned-outline';
export { topicIdsBelow } from './topics-below';
export { chapterPathOf, coursePathOf, subjectPathOf, topicPathOf } from './outline-params';
export { CONTENT_MESSAGES, expectLessonWritten } from './lesson-answers';
export { outlineService, type OutlineService } from './outline-service';
export { outlineRoutes } from './outline-routes';
export type {
  MovePlanner,
  MoveOutcome,
  MoveRefusal,
  PlacedItem,
  Placement,
  ReorderOutcome,
  ReorderPlanner,
} from './position-repository';
export type { StoredVersionSummary } from './version-repository';
export type { NewCourseIds, NewCourseTree } from './import-repository';
export type { Replacement } from './deletion-repository';
