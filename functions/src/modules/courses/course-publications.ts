import type { CoursePath } from '../../lib/firestore/paths';

/**
 * What deleting a course asks of publishing: forget its publication, published lessons and
 * images, and its learners' progress. Unlike OutlineImages this is not best effort: it runs
 * before the course tree is deleted and a failure fails the deletion, so the course stays and a
 * retry finishes the job. `app.ts` wires it to the publishing service.
 */
export interface CoursePublications {
  forgetCourse(path: CoursePath): Promise<void>;
}
