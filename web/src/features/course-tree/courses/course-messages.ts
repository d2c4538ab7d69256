import { COURSE_AUDIO_MISSING, NAME_REQUIRED } from '@coursecraft/contracts';

/** User-visible texts of the course screens (see docs/product.md). */
export const COURSE_TEXT = {
  loadFailed: 'Failed to load courses. Please try again later.',
  updateFailed: 'Failed to update course. Please try again.',
  deleteFailed: 'Failed to delete course. Please try again.',
  createFailed: 'Failed to create course. Please try again.',
  nameRequired: NAME_REQUIRED.course,
  noDescription: 'No description available.',
  empty: 'No courses yet',
  audioCreateFailed: 'Failed to create course from audio. Please try again.',
  audioMissing: COURSE_AUDIO_MISSING,
  microphoneDenied: 'Unable to access microphone. Please check permissions.',
  recording: 'Recording... Speak clearly about your course',
  recorded: 'Audio recorded successfully',
} as const;

/** Skeleton cards shown while the courses load. */
export const COURSE_SKELETON_COUNT = 6;
