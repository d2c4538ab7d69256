import * as z from 'zod';
import { courseSettingsSchema, newCourseSettingsSchema } from './course-settings';

/** Longest course, subject, chapter or topic name. */
export const OUTLINE_NAME_MAX_LENGTH = 200;
/** Longest course or subject description. */
export const DESCRIPTION_MAX_LENGTH = 2000;
/** Longest markdown lesson, in characters (a long chapter of a textbook). */
export const CONTENT_MAX_LENGTH = 100_000;

const name = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(OUTLINE_NAME_MAX_LENGTH, `Name must be at most ${OUTLINE_NAME_MAX_LENGTH} characters`);

const description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);

/** The messages for blank names, per level. */
export const NAME_REQUIRED = {
  course: 'Course name is required',
  subject: 'Subject name is required',
  chapter: 'Chapter name is required',
  topic: 'Topic name is required',
} as const;

export const CONTENT_REQUIRED = 'Content is required';

export const courseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  has_subjects: z.boolean(),
  /** Whether learners can open the course through its share link. */
  published: z.boolean(),
  /** The stored settings, or the defaults for a course stored before settings existed. */
  settings: courseSettingsSchema,
});
export type Course = z.infer<typeof courseSchema>;

export const subjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  has_chapters: z.boolean(),
});
export type Subject = z.infer<typeof subjectSchema>;

export const chapterSchema = z.object({
  id: z.string(),
  name: z.string(),
  has_topics: z.boolean(),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const topicSchema = z.object({ id: z.string(), name: z.string(), has_content: z.boolean() });
export type Topic = z.infer<typeof topicSchema>;

/** `PUT /api/courses/{id}`, and the name and description of creating a course. */
export const courseInputSchema = z.object({
  name: name(NAME_REQUIRED.course),
  description: description.optional().default(''),
});
export type CourseInput = z.input<typeof courseInputSchema>;

/** `POST /api/courses/create-manual`: a course's name and description, and its settings. */
export const newCourseInputSchema = courseInputSchema.extend({ settings: newCourseSettingsSchema });
export type NewCourseInput = z.input<typeof newCourseInputSchema>;

export const subjectInputSchema = z.object({
  name: name(NAME_REQUIRED.subject),
  description: description.optional(),
});
export type SubjectInput = z.input<typeof subjectInputSchema>;

export const chapterInputSchema = z.object({ name: name(NAME_REQUIRED.chapter) });
export const topicInputSchema = z.object({ name: name(NAME_REQUIRED.topic) });

/** Markdown of one topic: create and update send it, and get it back as `content`. */
export const contentInputSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, CONTENT_REQUIRED)
    .max(CONTENT_MAX_LENGTH, `Content must be at most ${CONTENT_MAX_LENGTH} characters`),
});
export const contentResponseSchema = z.object({ content: z.string() });

/** Firestore document ids as the API hands them out: 20 characters, letters and digits. */
export const documentIdSchema = z.string().regex(/^[A-Za-z0-9]{20}$/);
