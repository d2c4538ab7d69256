import * as z from 'zod';
import { chapterSchema, courseSchema, subjectSchema, topicSchema } from './course';
import { questionSchema } from './questions';
import { chapterQuizSettingsSchema } from './quizzes';

/**
 * `GET /api/courses/{c}/tree`: the whole course in outline order, every lesson's markdown
 * included (null for a topic without one). What the browser builds the SCORM package and the
 * print edition from.
 */
export const courseTreeSchema = z.object({
  course: courseSchema,
  subjects: z.array(
    subjectSchema.extend({
      chapters: z.array(
        chapterSchema.extend({
          topics: z.array(topicSchema.extend({ content: z.string().nullable() })),
        }),
      ),
    }),
  ),
});
export type CourseTree = z.infer<typeof courseTreeSchema>;

/**
 * What `GET /api/courses/{c}/tree` answers: the course tree plus every topic's questions with
 * their keys (in order, [] for none) and every chapter's quiz settings (the defaults when never
 * saved; a chapter whose topics hold no question has no quiz, whatever its settings). What the
 * browser builds the SCORM package, the print edition and the question files (GIFT, Aiken) from.
 */
export const courseExportTreeSchema = z.object({
  course: courseSchema,
  subjects: z.array(
    subjectSchema.extend({
      chapters: z.array(
        chapterSchema.extend({
          quiz: chapterQuizSettingsSchema,
          topics: z.array(
            topicSchema.extend({
              content: z.string().nullable(),
              questions: z.array(questionSchema),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type CourseExportTree = z.infer<typeof courseExportTreeSchema>;
export type ExportedTopic =
  CourseExportTree['subjects'][number]['chapters'][number]['topics'][number];
export type ExportedChapter = CourseExportTree['subjects'][number]['chapters'][number];

/**
 * A course's export file name: its name in ASCII letters, digits and dashes (accents dropped,
 * never empty) and `suffix`, e.g. `calculus-i-markdown.zip`. Browser and API name files alike.
 */
export function exportFileName(courseName: string, suffix: string): string {
  const base = courseName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${base || 'course'}${suffix}`;
}
