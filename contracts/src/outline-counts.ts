import * as z from 'zod';

const count = z.number().int().nonnegative();

/**
 * `GET /api/courses/{c}/counts` (with `subjects`) and `.../subjects/{s}/counts` (without): how
 * many items lie below that course or subject, lessons being the topics that have one. What a
 * regeneration of the level would replace.
 */
export const outlineCountsSchema = z.object({
  subjects: count.optional(),
  chapters: count,
  topics: count,
  lessons: count,
});
export type OutlineCounts = z.infer<typeof outlineCountsSchema>;
