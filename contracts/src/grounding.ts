import * as z from 'zod';

/**
 * The levels whose generation reads the author's sources. `course` is the course's own name and
 * description, written from the sources when the course has no description yet.
 */
export const GROUNDED_LEVELS = [
  'course',
  'subjects',
  'chapters',
  'topics',
  'lessons',
  'questions',
] as const;
export type GroundedLevel = (typeof GROUNDED_LEVELS)[number];

/**
 * The most passage tokens one request of each level carries, never more than the course's
 * coverage budget (the part of the sources Gemini reads). The course and its subjects are
 * planned from everything covered; lower levels get the passages that best match them.
 */
export const PASSAGE_TOKENS: Record<GroundedLevel, number> = {
  course: Number.POSITIVE_INFINITY,
  subjects: Number.POSITIVE_INFINITY,
  chapters: 40_000,
  topics: 24_000,
  lessons: 16_000,
  questions: 8_000,
};

export const passageBudget = (level: GroundedLevel, coverageTokens: number): number =>
  Math.min(PASSAGE_TOKENS[level], coverageTokens);

/**
 * A generated lesson as the generate-content route answers it (and the stream's `done` event):
 * the lesson as stored, and how many of its citations failed the check and were removed (the
 * author sees `citationsRemovedMessage(removed_citations)` when it is not 0).
 */
export const generatedLessonSchema = z.object({
  content: z.string(),
  removed_citations: z.number().int().nonnegative(),
});
export type GeneratedLesson = z.infer<typeof generatedLessonSchema>;

/** A lesson that cites a source since removed or replaced: it shows Source changed. */
export const changedLessonSchema = z.object({
  subject_id: z.string(),
  chapter_id: z.string(),
  topic_id: z.string(),
  /** The names of its cited sources that were removed or replaced, as the lesson cites them. */
  sources: z.array(z.string()),
});
export type ChangedLesson = z.infer<typeof changedLessonSchema>;

/** `GET /api/courses/{c}/changed_lessons`. */
export const changedLessonsSchema = z.object({ lessons: z.array(changedLessonSchema) });
export type ChangedLessons = z.infer<typeof changedLessonsSchema>;

/** The label of the list of a lesson's footnotes, at its end. */
export const FOOTNOTES_LABEL = 'Sources';
