import * as z from 'zod';
import { documentIdSchema } from './course';
import {
  chapterQuizAnalyticsSchema,
  learnerChapterQuizSchema,
  learnerQuizProgressSchema,
  questionAnalyticsSchema,
} from './quizzes';

/**
 * A share link's slug: 16 random characters of the URL-safe base64 alphabet (96 bits), drawn by
 * the server and never derived from a course or user id.
 */
export const SLUG_LENGTH = 16;
export const slugSchema = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${SLUG_LENGTH}}$`));

/** Most topics a progress write may name: more than any course can hold in one snapshot. */
export const PROGRESS_MAX_TOPICS = 5000;

/** Days of the "learners who started per day" series. */
export const ANALYTICS_DAYS = 30;

/** A live publication, as the author sees it: `POST /api/courses/{c}/publish`. */
export const publicationSchema = z.object({
  slug: slugSchema,
  /** The share link on the app's main origin. */
  url: z.string(),
  /** ISO 8601 time of the snapshot learners see. */
  published_at: z.string(),
  /** 1 for the first publication, one more for each "Publish changes". */
  version: z.number().int().positive(),
  /** "List in search engines": the pages carry no `noindex` and the course is in the sitemap. */
  listed: z.boolean(),
});
export type Publication = z.infer<typeof publicationSchema>;

/**
 * The optional body of `POST /api/courses/{c}/publish`: `listed` sets "List in search engines";
 * left out, a first publication is not listed and "Publish changes" keeps the current choice.
 */
export const publishRequestSchema = z.object({ listed: z.boolean().optional() }).strict();
export type PublishRequest = z.infer<typeof publishRequestSchema>;

/** `PUT /api/courses/{c}/publish/listing`: the Publishing panel's switch; answers the Publication. */
export const publicationListingSchema = z.object({ listed: z.boolean() }).strict();
export type PublicationListing = z.infer<typeof publicationListingSchema>;

/** `GET /api/courses/{c}/publish`: the live publication, or null when the course is not published. */
export const publicationStatusSchema = z.object({ publication: publicationSchema.nullable() });
export type PublicationStatus = z.infer<typeof publicationStatusSchema>;

export const learnerTopicSchema = z.object({
  id: z.string(),
  name: z.string(),
  has_content: z.boolean(),
});
export type LearnerTopic = z.infer<typeof learnerTopicSchema>;

export const learnerChapterSchema = z.object({
  id: z.string(),
  name: z.string(),
  topics: z.array(learnerTopicSchema),
  /** The chapter's quiz; null when it had no question (and in snapshots stored before quizzes). */
  quiz: learnerChapterQuizSchema.nullable().default(null),
});
export type LearnerChapter = z.infer<typeof learnerChapterSchema>;

export const learnerSubjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  chapters: z.array(learnerChapterSchema),
});
export type LearnerSubject = z.infer<typeof learnerSubjectSchema>;

/** `GET /api/learn/{slug}`: the published snapshot's course and its whole outline, no lessons. */
export const learnerCourseSchema = z.object({
  slug: slugSchema,
  version: z.number().int().positive(),
  published_at: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  subjects: z.array(learnerSubjectSchema),
  /** Completing the course needs every chapter quiz passed (the course setting when published). */
  require_quiz_pass: z.boolean().default(false),
});
export type LearnerCourse = z.infer<typeof learnerCourseSchema>;

/**
 * `GET /api/learn/{slug}/topics/{t}?v={version}`: one lesson of the snapshot `version` (the
 * live one when `v` is left out); `content` is empty for a topic published without a lesson.
 */
export const learnerLessonSchema = z.object({
  topic_id: z.string(),
  version: z.number().int().positive(),
  content: z.string(),
});
export type LearnerLesson = z.infer<typeof learnerLessonSchema>;

/** `GET|PUT /api/learn/{slug}/progress`: the topics of the live snapshot the learner completed. */
export const learnerProgressSchema = z.object({
  completed_topic_ids: z.array(z.string()),
  /** One entry per chapter quiz of the live snapshot, in outline order. */
  quizzes: z.array(learnerQuizProgressSchema),
  /** Every topic completed and, when the course requires it, every chapter quiz passed. */
  course_completed: z.boolean(),
});
export type LearnerProgress = z.infer<typeof learnerProgressSchema>;

/** The body of `PUT /api/learn/{slug}/progress`: the whole completed set, replacing the stored one. */
export const learnerProgressInputSchema = z.object({
  completed_topic_ids: z.array(documentIdSchema).max(PROGRESS_MAX_TOPICS),
});
export type LearnerProgressInput = z.infer<typeof learnerProgressInputSchema>;

export const topicAnalyticsSchema = z.object({
  topic_id: z.string(),
  name: z.string(),
  subject_name: z.string(),
  chapter_name: z.string(),
  /** Learners who completed this topic. */
  completed: z.number().int().nonnegative(),
});
export type TopicAnalytics = z.infer<typeof topicAnalyticsSchema>;

/** `GET /api/courses/{c}/analytics`, against the topics of the live (or last) snapshot. */
export const courseAnalyticsSchema = z.object({
  /** Learners with any stored progress. */
  learners_started: z.number().int().nonnegative(),
  /** Learners who completed the course: every topic and, when required, every chapter quiz passed. */
  learners_completed: z.number().int().nonnegative(),
  /** learners_completed / learners_started, 0 when nobody started. */
  completion_rate: z.number().min(0).max(1),
  /** In outline order. */
  topics: z.array(topicAnalyticsSchema),
  /** The last ANALYTICS_DAYS days (UTC), oldest first, every day present. */
  started_per_day: z.array(z.object({ date: z.string(), learners: z.number().int() })),
  /** Every question of the snapshot, in outline order, from counters kept at first answers. */
  questions: z.array(questionAnalyticsSchema),
  /** Every chapter quiz of the snapshot, in outline order. */
  quizzes: z.array(chapterQuizAnalyticsSchema),
});
export type CourseAnalytics = z.infer<typeof courseAnalyticsSchema>;

export const PUBLISHING_MESSAGES = {
  unpublished: 'Course unpublished',
  notAvailable: 'This course is not available.',
  unknownTopics: 'Progress names topics that are not in this course',
  publishInProgress: 'This course is being published. Please try again in a moment.',
  notPublished: 'This course is not published.',
} as const;
