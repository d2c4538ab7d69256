import type { Course, CourseSettings } from '@coursecraft/contracts';
import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import { courseRef, coursesCollection, type CoursePath } from '../../lib/firestore/paths';
import { toCourse } from './outline-converters';
import { courseOf } from './tree-documents-repository';

/** Updates a node's fields and answers the document as stored. */
export async function renameNode(ref: DocumentReference, fields: DocumentData) {
  await ref.update({ ...fields, updated_at: Timestamp.now() });
  return ref.get();
}

/** The course documents themselves: the caller's list, create, rename, settings and cover. */
export function courseRepository(db: () => Firestore) {
  return {
    async listCourses(uid: string): Promise<Course[]> {
      const snapshot = await coursesCollection(db())
        .where('owner_uid', '==', uid)
        .orderBy('created_at', 'desc')
        .get();
      return snapshot.docs.map(courseOf);
    },

    async createCourse(
      uid: string,
      input: { name: string; description: string; settings: CourseSettings },
    ): Promise<Course> {
      const ref = coursesCollection(db()).doc();
      const now = Timestamp.now();
      const fields = {
        owner_uid: uid,
        name: input.name,
        description: input.description,
        image_url: null,
        has_subjects: false,
        settings: input.settings,
      };
      await ref.create({ ...fields, created_at: now, updated_at: now });
      return toCourse(ref.id, fields);
    },

    async updateCourse(path: CoursePath, input: { name: string; description: string }) {
      return courseOf(await renameNode(courseRef(db(), path), input));
    },

    /** Replaces the course's settings (the whole map); answers the course as stored. */
    async updateCourseSettings(path: CoursePath, settings: CourseSettings): Promise<Course> {
      return courseOf(await renameNode(courseRef(db(), path), { settings }));
    },

    /** Points the course at its new cover; fails (not-found) when the course was deleted. */
    async setCourseImage(path: CoursePath, imageUrl: string): Promise<void> {
      await courseRef(db(), path).update({ image_url: imageUrl, updated_at: Timestamp.now() });
    },
  };
}
