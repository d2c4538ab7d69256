import type { Firestore } from 'firebase-admin/firestore';
import {
  pathRefs,
  type ChapterPath,
  type CoursePath,
  type OutlinePath,
  type SubjectPath,
  type TopicPath,
} from '../../lib/firestore/paths';
import type {
  ChapterDocuments,
  CourseDocuments,
  SubjectDocuments,
  TopicDocuments,
} from './outline-types';
import { chapterOf, courseOf, subjectOf, topicOf } from './tree-documents-repository';

/**
 * The reads of the ownership check: every document of a path in one `getAll`, from the course
 * down; null when one of them is missing.
 */
export function pathRepository(db: () => Firestore) {
  async function readPath(path: OutlinePath) {
    const snapshots = await db().getAll(...pathRefs(db(), path));
    if (snapshots.some((snapshot) => !snapshot.exists)) return null;
    const [course, subject, chapter, topic] = snapshots;
    if (!course) return null;
    const jobId: unknown = course.get('job_id');
    const owner = {
      ownerUid: String(course.get('owner_uid') ?? ''),
      latestJobId: typeof jobId === 'string' && jobId ? jobId : null,
    };
    return { owner, course, subject, chapter, topic };
  }

  return {
    async readCoursePath({ courseId }: CoursePath): Promise<CourseDocuments | null> {
      const read = await readPath({ courseId });
      return read && { ...read.owner, course: courseOf(read.course) };
    },
    async readSubjectPath({ courseId, subjectId }: SubjectPath): Promise<SubjectDocuments | null> {
      const read = await readPath({ courseId, subjectId });
      if (!read?.subject) return null;
      return {
        ...read.owner,
        course: courseOf(read.course),
        subject: subjectOf(read.subject),
      };
    },
    async readChapterPath(path: ChapterPath): Promise<ChapterDocuments | null> {
      const { courseId, subjectId, chapterId } = path;
      const read = await readPath({ courseId, subjectId, chapterId });
      if (!read?.subject || !read.chapter) return null;
      return {
        ...read.owner,
        course: courseOf(read.course),
        subject: subjectOf(read.subject),
        chapter: chapterOf(read.chapter),
      };
    },
    async readTopicPath(path: TopicPath): Promise<TopicDocuments | null> {
      const read = await readPath(path);
      if (!read?.subject || !read.chapter || !read.topic) return null;
      return {
        ...read.owner,
        course: courseOf(read.course),
        subject: subjectOf(read.subject),
        chapter: chapterOf(read.chapter),
        topic: topicOf(read.topic),
      };
    },
  };
}
