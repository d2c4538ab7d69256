import type { CoursePath } from '../../lib/firestore/paths';

/**
 * What deleting a course asks of publishing: forget its publication, published lessons and
 * images, and its learners' progress, then run `deleteTree` while no publish can start (a publish
 * committing between the two would leave a publication of a deleted course). Unlike
 * OutlineImages this is not best effort: a failure fails the deletion, so the course stays and a
 * retry finishes the job. `app.ts` wires it to the publishing service.
 */
export interface CoursePublications {
  forgetCourse(path: CoursePath, deleteTree: () => Promise<void>): Promise<void>;
}
