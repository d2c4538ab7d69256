import * as z from 'zod';

export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const LESSON_LENGTHS = ['Short', 'Medium', 'Long'] as const;
export type LessonLength = (typeof LESSON_LENGTHS)[number];

/** The tones the forms suggest; any other tone may be typed. */
export const TONE_SUGGESTIONS = ['Friendly', 'Academic', 'Concise'] as const;

export const AUDIENCE_MAX_LENGTH = 200;
export const LANGUAGE_MAX_LENGTH = 60;
export const TONE_MAX_LENGTH = 60;

/** How many words Gemini is asked for, per lesson length. */
export const LESSON_WORD_RANGES: Record<LessonLength, { min: number; max: number }> = {
  Short: { min: 300, max: 600 },
  Medium: { min: 600, max: 1200 },
  Long: { min: 1200, max: 2500 },
};

export const COURSE_SETTINGS_MESSAGES = {
  audienceTooLong: `Audience must be at most ${AUDIENCE_MAX_LENGTH} characters`,
  level: 'Level must be Beginner, Intermediate or Advanced',
  languageRequired: 'Language is required',
  languageTooLong: `Language must be at most ${LANGUAGE_MAX_LENGTH} characters`,
  toneRequired: 'Tone is required',
  toneTooLong: `Tone must be at most ${TONE_MAX_LENGTH} characters`,
  lessonLength: 'Lesson length must be Short, Medium or Long',
  passMark: 'Pass mark must be between 1 and 100',
} as const;

/** The settings of a course created without any, and of courses stored before settings existed. */
export const DEFAULT_COURSE_SETTINGS = {
  audience: '',
  level: 'Beginner',
  language: 'English',
  tone: 'Friendly',
  lesson_length: 'Medium',
  require_quiz_pass: true,
  pass_mark: 70,
} as const satisfies {
  audience: string;
  level: CourseLevel;
  language: string;
  tone: string;
  lesson_length: LessonLength;
  require_quiz_pass: boolean;
  pass_mark: number;
};

const audience = z
  .string()
  .trim()
  .max(AUDIENCE_MAX_LENGTH, COURSE_SETTINGS_MESSAGES.audienceTooLong);
const level = z.enum(COURSE_LEVELS, { error: COURSE_SETTINGS_MESSAGES.level });
const language = z
  .string()
  .trim()
  .min(1, COURSE_SETTINGS_MESSAGES.languageRequired)
  .max(LANGUAGE_MAX_LENGTH, COURSE_SETTINGS_MESSAGES.languageTooLong);
const tone = z
  .string()
  .trim()
  .min(1, COURSE_SETTINGS_MESSAGES.toneRequired)
  .max(TONE_MAX_LENGTH, COURSE_SETTINGS_MESSAGES.toneTooLong);
const lessonLength = z.enum(LESSON_LENGTHS, { error: COURSE_SETTINGS_MESSAGES.lessonLength });
const passMark = z
  .number({ error: COURSE_SETTINGS_MESSAGES.passMark })
  .int(COURSE_SETTINGS_MESSAGES.passMark)
  .min(1, COURSE_SETTINGS_MESSAGES.passMark)
  .max(100, COURSE_SETTINGS_MESSAGES.passMark);

/**
 * What shapes every prompt of a course: whom it is for, how advanced, in which language and
 * tone, and how long its lessons are. A field left out takes its default, so `{}` is valid.
 * `PUT /api/courses/{id}/settings` sends it whole; creating a course may send it as `settings`.
 */
export const courseSettingsSchema = z.object({
  audience: audience.default(DEFAULT_COURSE_SETTINGS.audience),
  level: level.default(DEFAULT_COURSE_SETTINGS.level),
  language: language.default(DEFAULT_COURSE_SETTINGS.language),
  tone: tone.default(DEFAULT_COURSE_SETTINGS.tone),
  lesson_length: lessonLength.default(DEFAULT_COURSE_SETTINGS.lesson_length),
  /**
   * "Require passing each chapter quiz to complete the course": learners complete the course only
   * once they passed every chapter quiz too. It matters only for chapters that have a quiz.
   */
  require_quiz_pass: z.boolean().default(DEFAULT_COURSE_SETTINGS.require_quiz_pass),
  /**
   * The course's Pass mark (%): an LMS running the SCORM package marks the learner passed when the
   * average of the chapter quizzes' best scores reaches it.
   */
  pass_mark: passMark.default(DEFAULT_COURSE_SETTINGS.pass_mark),
});
export type CourseSettings = z.output<typeof courseSettingsSchema>;
export type CourseSettingsInput = z.input<typeof courseSettingsSchema>;

/** The optional `settings` of a request that creates a course: the defaults when absent. */
export const newCourseSettingsSchema = courseSettingsSchema.default(() => ({
  ...DEFAULT_COURSE_SETTINGS,
}));

const storedSettingsSchema = z.object({
  audience: audience.catch(DEFAULT_COURSE_SETTINGS.audience),
  level: level.catch(DEFAULT_COURSE_SETTINGS.level),
  language: language.catch(DEFAULT_COURSE_SETTINGS.language),
  tone: tone.catch(DEFAULT_COURSE_SETTINGS.tone),
  lesson_length: lessonLength.catch(DEFAULT_COURSE_SETTINGS.lesson_length),
  require_quiz_pass: z.boolean().catch(DEFAULT_COURSE_SETTINGS.require_quiz_pass),
  pass_mark: passMark.catch(DEFAULT_COURSE_SETTINGS.pass_mark),
});

/**
 * A course document's `settings` as the API answers them: each field missing or unreadable (a
 * course stored before settings existed has none at all) reads as its default.
 */
export function courseSettingsOf(stored: unknown): CourseSettings {
  const fields = typeof stored === 'object' && stored !== null ? stored : {};
  return storedSettingsSchema.parse(fields);
}
