import * as z from 'zod';
import { chapterSchema, courseSchema, subjectSchema, topicSchema } from './course';

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
