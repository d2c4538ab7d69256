import type { Course, CourseSettings } from '@coursecraft/contracts';
import type { BodyReader } from '../../lib/body-reader';
import type { CoursePath } from '../../lib/firestore/paths';
import { ownedOutline, type Outline } from '../outline';

interface CourseFields {
  name: string;
  description: string;
}

/**
 * The caller's courses: list, create, read, rename, settings and delete. A use case on a course
 * first checks that it exists and that the caller owns it (404 otherwise); a read answers from
 * that check. What lies below a course is the outline module's.
 */
export function coursesService(outline: Outline) {
  const owned = ownedOutline(outline);

  return {
    listCourses: (uid: string): Promise<Course[]> => outline.listCourses(uid),

    createCourse: (
      uid: string,
      input: CourseFields & { settings: CourseSettings },
    ): Promise<Course> => outline.createCourse(uid, input),

    async getCourse(uid: string, path: CoursePath): Promise<Course> {
      return (await owned.course(uid, path)).course;
    },

    async updateCourse(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<CourseFields>,
    ): Promise<Course> {
      await owned.course(uid, path);
      return outline.updateCourse(path, readBody());
    },

    /** Replaces the course's settings, which every later prompt of the course uses. */
    async updateCourseSettings(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<CourseSettings>,
    ): Promise<Course> {
      await owned.course(uid, path);
      return outline.updateCourseSettings(path, readBody());
    },

    /**
     * Deletes the course and its tree; what other modules keep of it (publications, covers) goes
     * through the outline's deletion port.
     */
    async deleteCourse(uid: string, path: CoursePath): Promise<void> {
      await owned.course(uid, path);
      await outline.deleteCourse(uid, path);
    },
  };
}

export type CoursesService = ReturnType<typeof coursesService>;
