import type { LearnerChapterQuiz } from '@coursecraft/contracts';
import type { CourseTree } from '../outline';
import type { PublishedLesson, PublishedOutline } from './publishing-repository';

/** The covers a snapshot shows: the copies in its own folder, or the originals when not copied. */
export interface SnapshotCovers {
  course: string | null;
  /** In the order of the tree's subjects. */
  subjects: (string | null)[];
}

/**
 * The outline learners see: the course's card and every level in outline order, no lessons;
 * each chapter with its quiz summary (null without one).
 */
export function publishedOutline(
  tree: CourseTree,
  covers: SnapshotCovers,
  quizzes: ReadonlyMap<string, LearnerChapterQuiz> = new Map(),
): PublishedOutline {
  return {
    name: tree.course.name,
    description: tree.course.description,
    image_url: covers.course,
    require_quiz_pass: tree.course.settings.require_quiz_pass,
    subjects: tree.subjects.map((subject, index) => ({
      id: subject.id,
      name: subject.name,
      description: subject.description,
      image_url: covers.subjects[index] ?? null,
      chapters: subject.chapters.map((chapter) => ({
        id: chapter.id,
        name: chapter.name,
        topics: chapter.topics.map((topic) => ({
          id: topic.id,
          name: topic.name,
          has_content: topic.content !== null,
        })),
        quiz: quizzes.get(chapter.id) ?? null,
      })),
    })),
  };
}

/** One published lesson per topic, in outline order; '' for a topic without a lesson. */
export const publishedLessons = (tree: CourseTree): PublishedLesson[] =>
  tree.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.topics.map((topic) => ({ topicId: topic.id, content: topic.content ?? '' })),
    ),
  );

/** The version a new snapshot gets after `current` (the first is 1). */
export const nextVersion = (current: { version: number } | null): number =>
  (current?.version ?? 0) + 1;

/**
 * The snapshot that ages out once `version` is live: the one before the previous (the previous
 * stays readable for learners who have its page open); null when there is none. Older ones
 * went when they aged out in turn.
 */
export const versionAgedOut = (version: number): number | null =>
  version > 2 ? version - 2 : null;

/** The topic ids of a published outline, in outline order. */
export const topicIdsOf = (outline: PublishedOutline): string[] =>
  outline.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) => chapter.topics.map((topic) => topic.id)),
  );

/** The chapters of a published outline that have a quiz, in outline order. */
export const quizChaptersOf = (
  outline: PublishedOutline,
): { chapterId: string; quiz: LearnerChapterQuiz }[] =>
  outline.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.quiz ? [{ chapterId: chapter.id, quiz: chapter.quiz }] : [],
    ),
  );
