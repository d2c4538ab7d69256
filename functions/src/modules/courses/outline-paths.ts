import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

/**
 * Where each level lives: `courses/{courseId}/subjects/{subjectId}/chapters/{chapterId}/
 * topics/{topicId}`, with the topic's markdown apart in `.../topics/{topicId}/content/markdown`
 * so listing topics never loads lessons.
 */
export interface CoursePath {
  courseId: string;
}
export interface SubjectPath extends CoursePath {
  subjectId: string;
}
export interface ChapterPath extends SubjectPath {
  chapterId: string;
}
export interface TopicPath extends ChapterPath {
  topicId: string;
}

export const CONTENT_DOC_ID = 'markdown';

export function courseRef(db: Firestore, { courseId }: CoursePath): DocumentReference {
  return db.collection('courses').doc(courseId);
}

export function subjectRef(db: Firestore, path: SubjectPath): DocumentReference {
  return courseRef(db, path).collection('subjects').doc(path.subjectId);
}

export function chapterRef(db: Firestore, path: ChapterPath): DocumentReference {
  return subjectRef(db, path).collection('chapters').doc(path.chapterId);
}

export function topicRef(db: Firestore, path: TopicPath): DocumentReference {
  return chapterRef(db, path).collection('topics').doc(path.topicId);
}

export function contentRef(db: Firestore, path: TopicPath): DocumentReference {
  return topicRef(db, path).collection('content').doc(CONTENT_DOC_ID);
}

/** The documents a path names, from the course down: all must exist for the path to be valid. */
export function pathRefs(
  db: Firestore,
  { courseId, subjectId, chapterId, topicId }: CoursePath & Partial<TopicPath>,
): DocumentReference[] {
  const refs = [courseRef(db, { courseId })];
  if (!subjectId) return refs;
  refs.push(subjectRef(db, { courseId, subjectId }));
  if (!chapterId) return refs;
  refs.push(chapterRef(db, { courseId, subjectId, chapterId }));
  if (topicId) refs.push(topicRef(db, { courseId, subjectId, chapterId, topicId }));
  return refs;
}
