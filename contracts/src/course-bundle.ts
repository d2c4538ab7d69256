import * as z from 'zod';
import { CONTENT_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, OUTLINE_NAME_MAX_LENGTH } from './course';
import { courseSettingsSchema } from './course-settings';
import {
  QUESTIONS_PER_TOPIC_MAX,
  questionOriginSchema,
  soundQuestionBodySchema,
} from './questions';
import { chapterQuizSettingsSchema } from './quizzes';

/** What `course.json` says it is, so another zip is never mistaken for a course. */
export const COURSE_BUNDLE_FORMAT = 'coursecraft-markdown';
export const COURSE_BUNDLE_VERSION = 1;
/** The bundle's table of contents, at the root of the zip. */
export const COURSE_BUNDLE_MANIFEST = 'course.json';
/** The multipart field of `POST /api/courses/import`. */
export const COURSE_BUNDLE_FIELD = 'bundle';

const MB = 1024 * 1024;

/** What an imported bundle may hold: enough for any real course, far below a zip bomb. */
export const COURSE_BUNDLE_LIMITS = {
  /** The uploaded .zip. */
  uploadBytes: 20 * MB,
  /** Files and folders in the zip. */
  entries: 5000,
  /** Everything unpacked, counted while inflating. */
  unpackedBytes: 60 * MB,
  /**
   * course.json unpacked: a course's structure, far less than its lessons. A course at every
   * limit below with every name and description at its longest writes about 2 MB, 4.6 MB in
   * a 3-byte script; checked while inflating, before it is parsed.
   */
  manifestBytes: 6 * MB,
  /** One lesson file unpacked: CONTENT_MAX_LENGTH characters take at most 3 bytes each in UTF-8. */
  lessonBytes: CONTENT_MAX_LENGTH * 3,
  /** One cover image, and any other file in the zip. */
  imageBytes: 10 * MB,
  subjects: 200,
  chapters: 1000,
  topics: 2000,
  /** One path inside the zip, in characters. */
  pathLength: 500,
} as const;

/** The answers to a bundle that cannot be imported; nothing is created for any of them. */
export const COURSE_BUNDLE_MESSAGES = {
  missing: 'No course bundle found. Please choose a .zip file exported from Coursecraft.',
  tooLarge: 'The course bundle is too large: it may be at most 20 MB.',
  notAZip: 'This file is not a Coursecraft course bundle (.zip).',
  damaged: 'The .zip file is damaged or packed in a way Coursecraft cannot read.',
  tooManyEntries: `The bundle holds more than ${COURSE_BUNDLE_LIMITS.entries.toLocaleString('en-US')} files.`,
  tooMuchUnpacked: 'The bundle unpacks to more than 60 MB.',
  noManifest: 'The bundle has no course.json, so it is not a Coursecraft course bundle.',
  manifestNotJson: 'The course.json in the bundle is not valid JSON.',
  manifestInvalid: 'The course.json in the bundle does not describe a Coursecraft course',
  tooManySubjects: `A course bundle may hold at most ${COURSE_BUNDLE_LIMITS.subjects} subjects.`,
  tooManyChapters: `A course bundle may hold at most ${COURSE_BUNDLE_LIMITS.chapters.toLocaleString('en-US')} chapters.`,
  tooManyTopics: `A course bundle may hold at most ${COURSE_BUNDLE_LIMITS.topics.toLocaleString('en-US')} topics.`,
  unsafePath:
    'The bundle names a file outside its own folder (a path with "..", a leading "/" or "\\").',
  missingFile: (path: string) => `The bundle names "${path}", but the .zip does not contain it.`,
  duplicateFile: (path: string) => `The bundle contains "${path}" more than once.`,
  lessonNotText: (path: string) => `The lesson "${path}" is not UTF-8 text.`,
  lessonTooLong: (path: string) =>
    `The lesson "${path}" is longer than ${CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  notAnImage: (path: string) => `"${path}" is not a PNG, JPEG, WebP or GIF image.`,
  imageTooLarge: (path: string) => `The image "${path}" is larger than 10 MB.`,
  manifestTooLarge: 'The course.json in the bundle is larger than 6 MB.',
  fileTooLarge: (path: string) => `The file "${path}" in the bundle is larger than 10 MB.`,
  questionsNotJson: (path: string) => `The questions file "${path}" is not valid JSON.`,
  questionsInvalid: (path: string) => `The questions file "${path}" does not hold valid questions`,
  quizNotJson: (path: string) => `The chapter quiz file "${path}" is not valid JSON.`,
  quizInvalid: (path: string) =>
    `The chapter quiz file "${path}" does not hold valid chapter quiz settings`,
} as const;

const isControlCharacter = (char: string) => char.charCodeAt(0) < 0x20 || char === '\u007f';

/**
 * A path inside the bundle: folders and a file name joined by "/", never leaving the bundle's
 * folder (no "..", ".", empty or absolute segment, no backslash, drive letter or control character).
 */
export function isSafeBundlePath(path: string): boolean {
  if (path.length === 0 || path.length > COURSE_BUNDLE_LIMITS.pathLength) return false;
  if (/[\\:]/.test(path) || [...path].some(isControlCharacter)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Marks an issue whose message says all there is to say, shown without the field it was found at. */
const STANDALONE = { standalone: true } as const;

/** Whether a course.json issue is one to show alone (an unsafe path, a limit exceeded). */
export function isStandaloneBundleIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.standalone === true;
}

const bundlePath = z.string().refine(isSafeBundlePath, {
  message: COURSE_BUNDLE_MESSAGES.unsafePath,
  params: STANDALONE,
});
/** Names are checked, never changed, so an export imported again says exactly the same. */
const name = z
  .string()
  .max(OUTLINE_NAME_MAX_LENGTH, `Name must be at most ${OUTLINE_NAME_MAX_LENGTH} characters`)
  .refine((value) => value.trim().length > 0, 'Name is required');
const description = z
  .string()
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);
/** The id the item had where it was exported: informative only, an import draws new ones. */
const sourceId = z.string().max(100);

/** A topic's lesson file, and its questions file (absent in bundles made before questions). */
const bundleTopicSchema = z.object({
  id: sourceId,
  name,
  lesson: bundlePath.nullable(),
  questions: bundlePath.nullable().optional(),
});
/** A chapter and its topics; `quiz` names its quiz settings file, absent for the defaults. */
const bundleChapterSchema = z.object({
  id: sourceId,
  name,
  topics: z.array(bundleTopicSchema),
  quiz: bundlePath.nullable().optional(),
});
const bundleSubjectSchema = z.object({
  id: sourceId,
  name,
  description: description.nullable(),
  image: bundlePath.nullable(),
  chapters: z.array(bundleChapterSchema),
});

/**
 * `course.json`, the root of a Markdown bundle (`GET /api/courses/{c}/export/markdown`,
 * `POST /api/courses/import`): the course, its subjects, chapters and topics in outline order,
 * and where in the zip each lesson (one Markdown file, UTF-8) and each cover lies.
 */
export const courseBundleSchema = z
  .object({
    format: z.literal(COURSE_BUNDLE_FORMAT),
    version: z.literal(COURSE_BUNDLE_VERSION),
    course: z.object({ id: sourceId, name, description, settings: courseSettingsSchema }),
    image: bundlePath.nullable(),
    subjects: z.array(bundleSubjectSchema),
  })
  .superRefine((bundle, context) => {
    const chapters = bundle.subjects.flatMap((subject) => subject.chapters);
    const topics = chapters.reduce((sum, chapter) => sum + chapter.topics.length, 0);
    const tooMany = [
      [bundle.subjects.length > COURSE_BUNDLE_LIMITS.subjects, 'tooManySubjects'],
      [chapters.length > COURSE_BUNDLE_LIMITS.chapters, 'tooManyChapters'],
      [topics > COURSE_BUNDLE_LIMITS.topics, 'tooManyTopics'],
    ] as const;
    for (const [exceeded, message] of tooMany) {
      if (exceeded) {
        context.addIssue({
          code: 'custom',
          message: COURSE_BUNDLE_MESSAGES[message],
          params: STANDALONE,
        });
      }
    }
  });
export type CourseBundle = z.output<typeof courseBundleSchema>;
export type CourseBundleInput = z.input<typeof courseBundleSchema>;

/**
 * A topic's questions file in a bundle (`{ "questions": [...] }`, JSON): its questions in order,
 * as their author sees them, keys included. Ids are informative (an import draws new ones);
 * `origin` is kept, so a later regeneration still tells generated questions from the author's.
 */
export const bundleQuestionsSchema = z.strictObject({
  questions: z
    .array(
      z.intersection(
        soundQuestionBodySchema,
        z.object({ id: sourceId.optional(), origin: questionOriginSchema }),
      ),
    )
    .max(QUESTIONS_PER_TOPIC_MAX, `A topic may hold at most ${QUESTIONS_PER_TOPIC_MAX} questions`),
});
export type BundleQuestions = z.output<typeof bundleQuestionsSchema>;

/**
 * A chapter's quiz settings file in a bundle (`quiz.json` in the chapter's folder, JSON): the
 * settings exactly as `PUT .../chapters/{ch}/quiz` takes them. Only a chapter whose settings are
 * not the defaults has one.
 */
export const bundleChapterQuizSchema = chapterQuizSettingsSchema;
