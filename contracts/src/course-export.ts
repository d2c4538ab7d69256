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
