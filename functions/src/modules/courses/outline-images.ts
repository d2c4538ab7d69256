import type { CoursePath, SubjectPath } from '../../lib/firestore/paths';

/**
 * What the course tree asks of the images module once documents are gone: remove their covers.
 * Best effort: the documents are already deleted, so a storage failure is logged, never thrown.
 * `app.ts` wires it to the images service.
 */
export interface OutlineImages {
  forgetCourseImages(uid: string, path: CoursePath): Promise<void>;
  forgetSubjectImages(uid: string, paths: SubjectPath[]): Promise<void>;
}
