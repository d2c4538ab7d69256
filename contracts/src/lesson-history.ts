import * as z from 'zod';

/** How many versions of each lesson are kept: the newest 30 (the product promises at least 20). */
export const LESSON_HISTORY_KEPT = 30;

/** What wrote a version: Gemini, the author by hand, or a restore of an older version. */
export const LESSON_VERSION_SOURCES = ['generated', 'edited', 'restored'] as const;
export const lessonVersionSourceSchema = z.enum(LESSON_VERSION_SOURCES);
export type LessonVersionSource = z.infer<typeof lessonVersionSourceSchema>;

/** A version's id: its number, zero-padded to 10 digits so that ids sort in version order. */
export const lessonVersionIdSchema = z.string().regex(/^\d{10}$/);

export const LESSON_HISTORY_MESSAGES = { notFound: 'Version not found' } as const;

/**
 * `GET .../topics/{t}/content/versions`, one item, newest first: no markdown, its length instead.
 * `current` marks the newest version while the topic has a lesson (it is that lesson).
 */
export const lessonVersionSummarySchema = z.object({
  id: lessonVersionIdSchema,
  source: lessonVersionSourceSchema,
  /** ISO 8601 time the version was written. */
  created_at: z.string(),
  current: z.boolean(),
  characters: z.number().int().nonnegative(),
});
export type LessonVersionSummary = z.infer<typeof lessonVersionSummarySchema>;
export const lessonVersionListSchema = z.array(lessonVersionSummarySchema);

/** `GET .../topics/{t}/content/versions/{v}`: one version with its markdown. */
export const lessonVersionSchema = z.object({
  id: lessonVersionIdSchema,
  source: lessonVersionSourceSchema,
  created_at: z.string(),
  markdown: z.string(),
});
export type LessonVersion = z.infer<typeof lessonVersionSchema>;
