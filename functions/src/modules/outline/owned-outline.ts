import { HttpError } from '../../lib/http-error';
import type { ChapterPath, CoursePath, SubjectPath, TopicPath } from '../../lib/firestore/paths';
import type {
  ChapterDocuments,
  CourseDocuments,
  SubjectDocuments,
  TopicDocuments,
} from './outline-types';

/** The 404 of each level of the course tree, named after the last id of the path. */
export const OUTLINE_NOT_FOUND = {
  courseId: 'Course not found',
  subjectId: 'Subject not found',
  chapterId: 'Chapter not found',
  topicId: 'Topic not found',
} as const;

/** The path reads of the outline repository the check needs. */
interface PathReader {
  readCoursePath(path: CoursePath): Promise<CourseDocuments | null>;
  readSubjectPath(path: SubjectPath): Promise<SubjectDocuments | null>;
  readChapterPath(path: ChapterPath): Promise<ChapterDocuments | null>;
  readTopicPath(path: TopicPath): Promise<TopicDocuments | null>;
}

/**
 * The ownership check of every course route: each document of the path is read once (one
 * `getAll`), must exist under the one before it, and the course must belong to the caller.
 * Anything else is a 404, so foreign ids look exactly like unknown ones. Answers the documents
 * it read, so a use case never reads them again.
 */
export function ownedOutline(outline: PathReader) {
  function owned<T extends CourseDocuments>(
    uid: string,
    documents: T | null,
    level: keyof typeof OUTLINE_NOT_FOUND,
  ): T {
    if (documents?.ownerUid !== uid)
      throw new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND[level]);
    return documents;
  }

  return {
    course: async (uid: string, path: CoursePath): Promise<CourseDocuments> =>
      owned(uid, await outline.readCoursePath(path), 'courseId'),
    subject: async (uid: string, path: SubjectPath): Promise<SubjectDocuments> =>
      owned(uid, await outline.readSubjectPath(path), 'subjectId'),
    chapter: async (uid: string, path: ChapterPath): Promise<ChapterDocuments> =>
      owned(uid, await outline.readChapterPath(path), 'chapterId'),
    topic: async (uid: string, path: TopicPath): Promise<TopicDocuments> =>
      owned(uid, await outline.readTopicPath(path), 'topicId'),
  };
}

export type OwnedOutline = ReturnType<typeof ownedOutline>;
