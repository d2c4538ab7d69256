import { DEFAULT_COURSE_SETTINGS, type Course } from '@coursecraft/contracts';

/** A course of the test session's user, "Algebra" with subjects, unless told otherwise. */
export function testCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: 'c1',
    name: 'Algebra',
    description: '',
    image_url: null,
    has_subjects: true,
    published: false,
    settings: { ...DEFAULT_COURSE_SETTINGS },
    ...overrides,
  };
}
