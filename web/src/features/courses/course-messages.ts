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

/** Spec §9: skeleton cards while the courses load. */
export const COURSE_SKELETON_COUNT = 6;
