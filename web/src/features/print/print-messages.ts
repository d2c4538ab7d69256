/** User-visible texts of the print edition (see docs/product.md). */
export const PRINT_TEXT = {
  documentTitle: (courseName: string) => `${courseName} — print edition`,
  print: 'Print',
  backToCourse: 'Back to course',
  loading: 'Loading the course',
  loadingLesson: 'Loading the lesson',
  loadFailed: 'Failed to load the course. Please try again.',
  contents: 'Contents',
  noSubjects: 'This course has no subjects yet.',
  noChapters: 'No chapters yet.',
  noTopics: 'No topics yet.',
  noLesson: 'No lesson yet.',
} as const;
