import * as z from 'zod';
import { DESCRIPTION_MAX_LENGTH, NAME_REQUIRED, OUTLINE_NAME_MAX_LENGTH } from './course';

/** Longest course description an author may type for Gemini to draft from. */
export const COURSE_PROMPT_MAX_LENGTH = 4000;

/** `POST /api/courses/add_course`: the author's description of the course, in `name`. */
export const addCourseInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, NAME_REQUIRED.course)
    .max(
      COURSE_PROMPT_MAX_LENGTH,
      `Course text must be at most ${COURSE_PROMPT_MAX_LENGTH} characters`,
    ),
});

const generatedName = z.string().trim().min(1).max(OUTLINE_NAME_MAX_LENGTH);
const generatedDescription = z.string().trim().max(DESCRIPTION_MAX_LENGTH);

/** What Gemini must answer for each level; validated again when it arrives. */
export const generatedCourseSchema = z.object({
  name: generatedName,
  description: generatedDescription,
});

export const generatedSubjectsSchema = z.object({
  subjects: z
    .array(z.object({ name: generatedName, description: generatedDescription }))
    .min(1)
    .max(12),
});

export const generatedChaptersSchema = z.object({
  chapters: z
    .array(z.object({ name: generatedName }))
    .min(1)
    .max(15),
});

export const generatedTopicsSchema = z.object({
  topics: z
    .array(z.object({ name: generatedName }))
    .min(1)
    .max(15),
});
