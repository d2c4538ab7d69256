import * as z from 'zod';

/** Longest instruction an author may give a regeneration ("fewer chapters, more practice"). */
export const INSTRUCTIONS_MAX_LENGTH = 1000;

/** What the author wants changed when regenerating with instructions. */
export const instructionsSchema = z
  .string()
  .trim()
  .min(1, 'Say what should change.')
  .max(
    INSTRUCTIONS_MAX_LENGTH,
    `Instructions must be at most ${INSTRUCTIONS_MAX_LENGTH} characters`,
  );

/**
 * The body a regeneration may carry (`generate_subjects`, `_chapters`, `_topics`,
 * `generate_content`): without instructions Gemini starts over, with them it changes the current
 * version as asked.
 */
export const regenerateInputSchema = z.object({ instructions: instructionsSchema.optional() });
export type RegenerateInput = z.infer<typeof regenerateInputSchema>;
