import * as z from 'zod';
import { chapterSchema, documentIdSchema, topicSchema } from './course';

/** Most items one order request may list (a subject's chapters, a chapter's topics, ...). */
export const ORDER_MAX_ITEMS = 500;

/** What the order and move routes answer when a request cannot be applied. */
export const ORDER_MESSAGES = {
  duplicate: 'Each item may appear only once in the order.',
  mismatch: 'The order must list exactly the current items; reload the page and try again.',
  moveFailed: 'The topic could not be moved; reload the page and try again.',
  busy: 'The outline was being changed elsewhere at the same time; reload the page and try again.',
} as const;

/**
 * `PUT /api/courses/{c}/subjects/order`, `.../subjects/{s}/chapters/order` and
 * `.../chapters/{ch}/topics/order`: the complete new order of that list, first item first.
 */
export const reorderInputSchema = z.object({
  ids: z.array(documentIdSchema).max(ORDER_MAX_ITEMS),
});
export type ReorderInput = z.infer<typeof reorderInputSchema>;

/**
 * `POST .../chapters/{ch}/topics/{t}/move`: the chapter of the same subject the topic goes to,
 * and its place there (0 is first; past the end means last).
 */
export const moveTopicInputSchema = z.object({
  chapter_id: documentIdSchema,
  index: z.number().int().min(0).max(ORDER_MAX_ITEMS),
});
export type MoveTopicInput = z.infer<typeof moveTopicInputSchema>;

/** The answer of a move: the topic (same id) and both chapters with their `has_topics` now. */
export const movedTopicSchema = z.object({
  topic: topicSchema,
  from_chapter: chapterSchema,
  to_chapter: chapterSchema,
});
export type MovedTopic = z.infer<typeof movedTopicSchema>;
