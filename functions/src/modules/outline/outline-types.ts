import type { Chapter, Course, JobLevel, Subject, Topic } from '@coursecraft/contracts';
import type { OutlinePath } from '../../lib/firestore/paths';

/**
 * How a lesson write ended: written (and recorded as the newest version), refused because the
 * topic has a lesson already (a create only), or refused because the topic is gone.
 */
export type LessonWriteOutcome = 'written' | 'exists' | 'topicGone';

/**
 * What a guarded fill of an empty level did: wrote it; found it written already (`present`);
 * stored nothing because its guard no longer held (`refused`); or found its node deleted.
 */
export type FillOutcome = 'written' | 'present' | 'refused' | 'gone';

/** A node whose level is still empty: what a whole-course job has to generate. */
export interface UnwrittenNode {
  level: JobLevel;
  path: OutlinePath;
  /** The node's name (course, subject, chapter or topic). */
  name: string;
}

/** What else a search for empty levels lists: with `questions`, every topic with a lesson. */
export interface UnwrittenOptions {
  questions?: boolean;
}

/** The documents of a course path as one read found them, with the course's owner. */
export interface CourseDocuments {
  ownerUid: string;
  /** The course's `job_id`: its latest whole-course job, null when it never had one. */
  latestJobId: string | null;
  course: Course;
}
export interface SubjectDocuments extends CourseDocuments {
  subject: Subject;
}
export interface ChapterDocuments extends SubjectDocuments {
  chapter: Chapter;
}
export interface TopicDocuments extends ChapterDocuments {
  topic: Topic;
}

/** A whole course, as publishing copies it: every level in outline order, lessons included. */
export interface CourseTree {
  course: Course;
  subjects: (Subject & {
    chapters: (Chapter & { topics: (Topic & { content: string | null })[] })[];
  })[];
}

/** A level of the course tree that holds a list of children. */
export type ParentLevel = 'course' | 'subject' | 'chapter';
/** A node of the course tree that can be deleted with everything below it. */
export type NodeLevel = ParentLevel | 'topic';
