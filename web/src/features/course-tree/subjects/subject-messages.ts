import { NAME_REQUIRED } from '@coursecraft/contracts';

/** User-visible texts of the subjects screens (see docs/product.md). */
export const SUBJECT_TEXT = {
  loadFailed: 'Failed to load subjects. Please try again.',
  createFailed: 'Failed to create subject. Please try again.',
  updateFailed: 'Failed to update subject. Please try again.',
  deleteFailed: 'Failed to delete subject. Please try again.',
  nameRequired: NAME_REQUIRED.subject,
  empty: 'No subjects found',
  emptyHint: 'Generate subjects to get started with this course',
  courseLoadFailed: 'Failed to load the course. Please try again.',
  chooseSubject: 'Please select a subject to view its chapters.',
  settingsFailed: 'Failed to save the course settings. Please try again.',
} as const;
