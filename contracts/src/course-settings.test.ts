import { describe, expect, it } from 'vitest';
import {
  COURSE_SETTINGS_MESSAGES,
  DEFAULT_COURSE_SETTINGS,
  courseSettingsOf,
  courseSettingsSchema,
  newCourseSettingsSchema,
} from './course-settings';

describe('course settings', () => {
  it('fills every field left out with its default and trims the texts', () => {
    expect(courseSettingsSchema.parse({})).toEqual(DEFAULT_COURSE_SETTINGS);
    expect(courseSettingsSchema.parse({ language: ' Español ', audience: '  ' })).toEqual({
      ...DEFAULT_COURSE_SETTINGS,
      language: 'Español',
      audience: '',
    });
    expect(newCourseSettingsSchema.parse(undefined)).toEqual(DEFAULT_COURSE_SETTINGS);
  });

  it.each([
    [{ level: 'Expert' }, COURSE_SETTINGS_MESSAGES.level],
    [{ lesson_length: 'Huge' }, COURSE_SETTINGS_MESSAGES.lessonLength],
    [{ language: '   ' }, COURSE_SETTINGS_MESSAGES.languageRequired],
    [{ language: 'x'.repeat(61) }, COURSE_SETTINGS_MESSAGES.languageTooLong],
    [{ tone: '' }, COURSE_SETTINGS_MESSAGES.toneRequired],
    [{ tone: 'x'.repeat(61) }, COURSE_SETTINGS_MESSAGES.toneTooLong],
    [{ audience: 'x'.repeat(201) }, COURSE_SETTINGS_MESSAGES.audienceTooLong],
  ])('refuses %j with its message', (input, message) => {
    const result = courseSettingsSchema.safeParse(input);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('reads stored settings, each missing or unreadable field as its default', () => {
    expect(courseSettingsOf(undefined)).toEqual(DEFAULT_COURSE_SETTINGS);
    expect(courseSettingsOf('Advanced')).toEqual(DEFAULT_COURSE_SETTINGS);
    expect(courseSettingsOf({ level: 'Advanced', tone: 42, language: '' })).toEqual({
      ...DEFAULT_COURSE_SETTINGS,
      level: 'Advanced',
    });
  });
});
