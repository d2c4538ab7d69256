import type { CollectionReference, DocumentReference, Firestore } from 'firebase-admin/firestore';

/**
 * Every collection and document path the API uses, built here and nowhere else:
 *
 * - `users/{uid}`, `user_secrets/{uid}` (never sent to clients), `mail/{id}`
 * - `courses/{courseId}/subjects/{subjectId}/chapters/{chapterId}/topics/{topicId}`, with the
 *   topic's markdown apart in `.../topics/{topicId}/content/markdown` so listing topics never
 *   loads lessons, and the lesson's versions in `.../topics/{topicId}/history/{n}`
 * - whole-course generation jobs in `courses/{courseId}/jobs/{jobId}`, the latest one named by
 *   the course's `job_id`
 * - `testimonials/{id}`, `generation_locks/{id}`, `_health/probe`
 * - publishing: `publications/{courseId}` (the live or last snapshot's outline and its slug),
 *   `published_lessons/{slug}_{version}_{topicId}` (one lesson of one snapshot, so a learner's
 *   lesson is one read), `learner_progress/{courseId}_{uid}`, `publish_leases/{courseId}`
 * - learner pages of the live snapshot, each page one read: `learner_course_pages/{slug}` and
 *   `learner_topic_pages/{slug}{topicId}` (the slug has a fixed length, so no separator is needed)
 * - rate limits: `rate_limits/{sha256 of rule, subject and window}`, one counter per window
 * - diagrams: `diagram_drawings/{courseId}_{key}`, a diagram's light and dark SVG drawn by the
 *   author's browser, under the hash of its source
 * - questions: `topic_questions/{courseId}_{topicId}` (a topic's questions in order, keys
 *   included, one document), `published_questions/{slug}_{version}_{topicId}` (a topic's
 *   questions in one snapshot, keys and rendered HTML; server only), and
 *   `learner_answers/{courseId}_{uid}` (a learner's graded answers in a course)
 * - quizzes: `chapter_quizzes/{courseId}_{chapterId}` (a chapter's quiz settings),
 *   `published_quizzes/{slug}_{version}_{chapterId}` (a chapter quiz's settings and question pool,
 *   keys and rendered HTML, in one snapshot; server only), `quiz_attempts/{courseId}_{uid}_{attemptId}`
 *   (one attempt with its drawn questions and their keys, frozen at its start), and
 *   `question_stats/{courseId}_{questionId}` (counters of learners' first answers to a question)
 * - sources: `course_sources/{courseId}_{sourceId}` (one of the author's documents: its name,
 *   status and the pages or sections read) and `source_chunks/{courseId}_{sourceId}_g{n}_{i}`
 *   (the text read, chunk `i` of the source's `n`th file, so a replaced file's chunks never mix
 *   with the new one's); server only
 * - citations: `lesson_citations/{courseId}_{topicId}` (the sources a topic's stored lesson
 *   cites, each with the generation of its file then, so a removed or replaced one shows);
 *   server only
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
/** A path down to any level of the course tree. */
export type OutlinePath = CoursePath & Partial<TopicPath>;

export const usersCollection = (db: Firestore): CollectionReference => db.collection('users');
export const userSecretsCollection = (db: Firestore): CollectionReference =>
  db.collection('user_secrets');
export const mailCollection = (db: Firestore): CollectionReference => db.collection('mail');
export const coursesCollection = (db: Firestore): CollectionReference => db.collection('courses');
export const testimonialsCollection = (db: Firestore): CollectionReference =>
  db.collection('testimonials');
export const generationLocksCollection = (db: Firestore): CollectionReference =>
  db.collection('generation_locks');

/** Request counters of the rate limits; each carries `expires_at` for a Firestore TTL policy. */
export const rateLimitsCollection = (db: Firestore): CollectionReference =>
  db.collection('rate_limits');

/** How a document of a collection keyed by course names its course. */
export interface CourseKeyed {
  /** The course a document belongs to, from its id and fields; null when it names none. */
  courseIdOf(id: string, data: Record<string, unknown>): string | null;
}

const byDocumentId: CourseKeyed = { courseIdOf: (id) => id };
const byCourseIdField: CourseKeyed = {
  courseIdOf: (_id, data) => (typeof data.course_id === 'string' ? data.course_id : null),
};

/**
 * Every top-level collection whose documents belong to one course, and how each names it: a
 * document whose course is gone is left behind, so deleting a course must delete them (the
 * outline's deletion handlers do) and a check can find any it missed. What lies under the
 * course's own document (its tree, `jobs`) goes with it. `generation_locks` are not listed:
 * they name a lock, not a course, and expire on their own.
 */
export const COURSE_KEYED_COLLECTIONS = {
  publications: byDocumentId,
  published_lessons: byCourseIdField,
  learner_progress: byCourseIdField,
  publish_leases: byDocumentId,
  learner_course_pages: byCourseIdField,
  learner_topic_pages: byCourseIdField,
  diagram_drawings: byCourseIdField,
  topic_questions: byCourseIdField,
  published_questions: byCourseIdField,
  learner_answers: byCourseIdField,
  chapter_quizzes: byCourseIdField,
  published_quizzes: byCourseIdField,
  quiz_attempts: byCourseIdField,
  question_stats: byCourseIdField,
  course_sources: byCourseIdField,
  source_chunks: byCourseIdField,
  lesson_citations: byCourseIdField,
} as const satisfies Record<string, CourseKeyed>;
export type CourseKeyedCollection = keyof typeof COURSE_KEYED_COLLECTIONS;

/**
 * Every other top-level collection: none holds documents of one course (`courses` is the course
 * itself). The tests' orphan check reports a collection found in neither list, so a collection
 * added later is classified here before its documents can be left behind unseen.
 */
export const COLLECTIONS_NOT_KEYED_BY_COURSE = [
  'courses',
  'users',
  'user_secrets',
  'mail',
  'testimonials',
  'generation_locks',
  'rate_limits',
  '_health',
] as const;

const courseKeyed = (db: Firestore, name: CourseKeyedCollection): CollectionReference =>
  db.collection(name);
export const publicationsCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'publications');
export const publishedLessonsCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'published_lessons');
export const learnerProgressCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'learner_progress');
export const publishLeasesCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'publish_leases');

export const learnerCoursePagesCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'learner_course_pages');
export const learnerTopicPagesCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'learner_topic_pages');

/** The course page of the live snapshot published under `slug`. */
export const learnerCoursePageRef = (db: Firestore, slug: string): DocumentReference =>
  learnerCoursePagesCollection(db).doc(slug);

/** One topic's page of the live snapshot published under `slug` (slugs have a fixed length). */
export const learnerTopicPageRef = (
  db: Firestore,
  { slug, topicId }: { slug: string; topicId: string },
): DocumentReference => learnerTopicPagesCollection(db).doc(`${slug}${topicId}`);

export const diagramDrawingsCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'diagram_drawings');

export function publicationRef(db: Firestore, { courseId }: CoursePath): DocumentReference {
  return publicationsCollection(db).doc(courseId);
}

/** One topic's lesson in the snapshot `version` published under `slug`. */
export function publishedLessonRef(
  db: Firestore,
  { slug, version, topicId }: { slug: string; version: number; topicId: string },
): DocumentReference {
  return publishedLessonsCollection(db).doc(`${slug}_${version}_${topicId}`);
}

export function learnerProgressRef(
  db: Firestore,
  { courseId }: CoursePath,
  uid: string,
): DocumentReference {
  return learnerProgressCollection(db).doc(`${courseId}_${uid}`);
}

export function publishLeaseRef(db: Firestore, { courseId }: CoursePath): DocumentReference {
  return publishLeasesCollection(db).doc(courseId);
}

/** The drawing of the diagram `key` of a course. */
export function diagramDrawingRef(
  db: Firestore,
  { courseId }: CoursePath,
  key: string,
): DocumentReference {
  return diagramDrawingsCollection(db).doc(`${courseId}_${key}`);
}

export const topicQuestionsCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'topic_questions');
export const publishedQuestionsCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'published_questions');
export const learnerAnswersCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'learner_answers');

/** A topic's questions, in order (topic ids are unique within a course). */
export function topicQuestionsRef(
  db: Firestore,
  { courseId, topicId }: { courseId: string; topicId: string },
): DocumentReference {
  return topicQuestionsCollection(db).doc(`${courseId}_${topicId}`);
}

/** One topic's questions in the snapshot `version` published under `slug`. */
export function publishedQuestionsRef(
  db: Firestore,
  { slug, version, topicId }: { slug: string; version: number; topicId: string },
): DocumentReference {
  return publishedQuestionsCollection(db).doc(`${slug}_${version}_${topicId}`);
}

/** A learner's graded answers in a course. */
export function learnerAnswersRef(
  db: Firestore,
  { courseId }: CoursePath,
  uid: string,
): DocumentReference {
  return learnerAnswersCollection(db).doc(`${courseId}_${uid}`);
}

export const chapterQuizzesCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'chapter_quizzes');
export const publishedQuizzesCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'published_quizzes');
export const quizAttemptsCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'quiz_attempts');
export const questionStatsCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'question_stats');

/** A chapter's quiz settings (chapter ids are unique within a course); absent: the defaults. */
export function chapterQuizRef(
  db: Firestore,
  { courseId, chapterId }: { courseId: string; chapterId: string },
): DocumentReference {
  return chapterQuizzesCollection(db).doc(`${courseId}_${chapterId}`);
}

/** One chapter quiz's settings and question pool in the snapshot `version` published under `slug`. */
export function publishedQuizRef(
  db: Firestore,
  { slug, version, chapterId }: { slug: string; version: number; chapterId: string },
): DocumentReference {
  return publishedQuizzesCollection(db).doc(`${slug}_${version}_${chapterId}`);
}

/** One of a learner's quiz attempts in a course; the uid in its id makes it theirs alone. */
export function quizAttemptRef(
  db: Firestore,
  { courseId }: CoursePath,
  uid: string,
  attemptId: string,
): DocumentReference {
  return quizAttemptsCollection(db).doc(`${courseId}_${uid}_${attemptId}`);
}

/** The first-answer counters of one question of a course (question ids are unique in it). */
export function questionStatsRef(
  db: Firestore,
  { courseId }: CoursePath,
  questionId: string,
): DocumentReference {
  return questionStatsCollection(db).doc(`${courseId}_${questionId}`);
}

/** The document `GET /api/health` reads (it need not exist). */
export const healthProbeRef = (db: Firestore): DocumentReference => db.doc('_health/probe');

/** The child collections of the course tree, each under its parent document. */
export const subjectsOf = (course: DocumentReference): CollectionReference =>
  course.collection('subjects');
export const chaptersOf = (subject: DocumentReference): CollectionReference =>
  subject.collection('chapters');
export const topicsOf = (chapter: DocumentReference): CollectionReference =>
  chapter.collection('topics');
/**
 * Every subcollection of a topic document: its lesson (`content/markdown`) and the lesson's
 * versions (`history/{n}`). Moving a topic walks this list, so a subcollection added here moves
 * with its topic. Deleting a topic walks its own list (outline/deletion-repository): extend that too.
 */
export const TOPIC_SUBCOLLECTIONS = ['content', 'history'] as const;
export type TopicSubcollection = (typeof TOPIC_SUBCOLLECTIONS)[number];
export const topicSubcollectionOf = (
  topic: DocumentReference,
  name: TopicSubcollection,
): CollectionReference => topic.collection(name);
/** A topic's one markdown document. */
export const contentOf = (topic: DocumentReference): DocumentReference =>
  topicSubcollectionOf(topic, 'content').doc('markdown');
/** A topic's lesson versions, one document per version. */
export const historyOf = (topic: DocumentReference): CollectionReference =>
  topicSubcollectionOf(topic, 'history');
/** The id of version `n` (1, 2, …): zero-padded to 10 digits, so ids sort as versions do. */
export const lessonVersionId = (n: number): string => String(n).padStart(10, '0');
/** Version `n` of a topic's lesson. */
export const lessonVersionOf = (topic: DocumentReference, n: number): DocumentReference =>
  historyOf(topic).doc(lessonVersionId(n));

export function courseRef(db: Firestore, { courseId }: CoursePath): DocumentReference {
  return coursesCollection(db).doc(courseId);
}

/** A course's whole-course generation jobs; deleting the course deletes them first. */
export const jobsOf = (course: DocumentReference): CollectionReference => course.collection('jobs');

export function jobRef(db: Firestore, path: CoursePath, jobId: string): DocumentReference {
  return jobsOf(courseRef(db, path)).doc(jobId);
}

export function subjectRef(db: Firestore, path: SubjectPath): DocumentReference {
  return subjectsOf(courseRef(db, path)).doc(path.subjectId);
}

export function chapterRef(db: Firestore, path: ChapterPath): DocumentReference {
  return chaptersOf(subjectRef(db, path)).doc(path.chapterId);
}

export function topicRef(db: Firestore, path: TopicPath): DocumentReference {
  return topicsOf(chapterRef(db, path)).doc(path.topicId);
}

export function contentRef(db: Firestore, path: TopicPath): DocumentReference {
  return contentOf(topicRef(db, path));
}

export function historyRef(db: Firestore, path: TopicPath): CollectionReference {
  return historyOf(topicRef(db, path));
}

/** The documents a path names, from the course down: all must exist for the path to be valid. */
export function pathRefs(
  db: Firestore,
  { courseId, subjectId, chapterId, topicId }: OutlinePath,
): DocumentReference[] {
  const refs = [courseRef(db, { courseId })];
  if (!subjectId) return refs;
  refs.push(subjectRef(db, { courseId, subjectId }));
  if (!chapterId) return refs;
  refs.push(chapterRef(db, { courseId, subjectId, chapterId }));
  if (topicId) refs.push(topicRef(db, { courseId, subjectId, chapterId, topicId }));
  return refs;
}

export const courseSourcesCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'course_sources');
export const sourceChunksCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'source_chunks');

/** One of a course's sources (source ids are unique within a course). */
export function courseSourceRef(
  db: Firestore,
  { courseId }: CoursePath,
  sourceId: string,
): DocumentReference {
  return courseSourcesCollection(db).doc(`${courseId}_${sourceId}`);
}

/** Chunk `index` of the text read from the `generation`th file of a source (a replace counts up). */
export function sourceChunkRef(
  db: Firestore,
  { courseId }: CoursePath,
  sourceId: string,
  generation: number,
  index: number,
): DocumentReference {
  return sourceChunksCollection(db).doc(`${courseId}_${sourceId}_g${generation}_${index}`);
}

export const lessonCitationsCollection = (db: Firestore): CollectionReference =>
  courseKeyed(db, 'lesson_citations');

/** The sources a topic's lesson cites (topic ids are unique within a course). */
export function lessonCitationsRef(
  db: Firestore,
  { courseId, topicId }: { courseId: string; topicId: string },
): DocumentReference {
  return lessonCitationsCollection(db).doc(`${courseId}_${topicId}`);
}
