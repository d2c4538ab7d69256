import * as z from 'zod';
import { DESCRIPTION_MAX_LENGTH, NAME_REQUIRED, OUTLINE_NAME_MAX_LENGTH } from './course';
import { newCourseSettingsSchema } from './course-settings';

/** Longest course description an author may type for Gemini to draft from. */
export const COURSE_PROMPT_MAX_LENGTH = 4000;

/**
 * `POST /api/courses/add_course`: the author's description of the course, in `name`, and the
 * course's settings.
 */
export const addCourseInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, NAME_REQUIRED.course)
    .max(
      COURSE_PROMPT_MAX_LENGTH,
      `Course text must be at most ${COURSE_PROMPT_MAX_LENGTH} characters`,
    ),
  settings: newCourseSettingsSchema,
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

/** `POST /api/courses/add_course_audio`: the multipart field and file name of the recording. */
export const COURSE_AUDIO_FIELD = 'audio';
export const COURSE_AUDIO_FILENAME = 'course_audio.wav';
/** The optional multipart text field holding the course's settings as JSON. */
export const COURSE_AUDIO_SETTINGS_FIELD = 'settings';
export const COURSE_SETTINGS_NOT_JSON = 'settings: The course settings must be a JSON object.';
/** The recording is 16 kHz mono 16-bit PCM WAV: 32 000 bytes a second. */
export const COURSE_AUDIO_SAMPLE_RATE = 16_000;
/** Largest recording the API accepts: about five minutes of speech. */
export const COURSE_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
export const COURSE_AUDIO_TOO_LARGE = 'The recording is too long. Please keep it under 5 minutes.';
export const COURSE_AUDIO_MISSING = 'No audio recording found';

/** `POST /api/images/.../subjects/generate-all`: the subjects that got an image. */
export const bulkImageResultSchema = z.object({
  results: z.array(z.object({ id: z.string(), image_url: z.string() })),
  /** Subjects whose image failed, with the reason; absent when every one succeeded. */
  failed: z.array(z.object({ id: z.string(), error: z.string() })).optional(),
});
export type BulkImageResult = z.infer<typeof bulkImageResultSchema>;

export const imageResultSchema = z.object({ image_url: z.string() });
