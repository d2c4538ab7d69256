/** User-visible texts of the course screens (spec §2, §5, §8). */
export const COURSE_TEXT = {
  loadFailed: 'Failed to load courses. Please try again later.',
  updateFailed: 'Failed to update course. Please try again.',
  deleteFailed: 'Failed to delete course. Please try again.',
  createFailed: 'Failed to create course. Please try again.',
  nameRequired: 'Course name is required',
  noDescription: 'No description available.',
  empty: 'No courses yet',
} as const;

export const SUBJECT_TEXT = {
  loadFailed: 'Failed to load subjects. Please try again.',
  createFailed: 'Failed to create subject. Please try again.',
  updateFailed: 'Failed to update subject. Please try again.',
  deleteFailed: 'Failed to delete subject. Please try again.',
  nameRequired: 'Subject name is required',
  empty: 'No subjects found',
  emptyHint: 'Generate subjects to get started with this course',
  courseLoadFailed: 'Failed to load the course. Please try again.',
} as const;

/** Spec §9: skeleton cards while the courses load. */
export const COURSE_SKELETON_COUNT = 6;
