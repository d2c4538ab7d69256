/** Failure messages of AI generation, shared by the screens that offer it (see docs/product.md). */
export const GENERATION_TEXT = {
  generateSubjectsFailed: 'Failed to generate subjects. Please try again.',
  updateSubjectsFailed: 'Failed to update subjects. Please try again.',
  generateChaptersFailed: 'Failed to generate chapters. Please try again.',
  generateTopicsFailed: 'Failed to generate topics. Please try again.',
  generateContentFailed: 'Failed to generate content. Please try again.',
  /** A lesson that existed could not be regenerated. */
  updateContentFailed: 'Failed to update content. Please try again.',
} as const;

export const IMAGE_TEXT = {
  failed: 'Failed to generate image. Please try again.',
  bulkFailed: 'Failed to generate images. Please try again.',
  /** Some covers of a bulk generation failed. */
  partlyFailed: (failed: number, total: number) =>
    `${failed} of ${total} subject images could not be generated. Please try again.`,
} as const;

/** Texts of the chapter and topic lists (outline page and subjects-and-chapters screen). */
export const TREE_LIST_TEXT = {
  noChapters: 'No chapters found.',
  noTopics: 'No topics yet.',
  chaptersLoadFailed: 'Failed to load chapters. Please try again.',
  topicsLoadFailed: 'Failed to load topics. Please try again.',
} as const;

/** Texts of a lesson view (outline page and topic content page). */
export const LESSON_TEXT = {
  noContent: 'No content available for this topic yet.',
  noContentHint: 'Click "Generate Content" to create content for this topic.',
  equationRefresh: 'Equations not rendering correctly? Click here to refresh.',
  writing: 'Gemini is writing the lesson...',
} as const;

/** Texts of a lesson's History (outline page and topic content page). */
export const LESSON_HISTORY_TEXT = {
  open: 'History',
  title: 'History',
  empty: 'No earlier versions yet.',
  current: 'Current',
  restore: 'Restore',
  restoring: 'Restoring...',
  close: 'Close',
  versions: 'Versions',
  loading: 'Loading history',
  loadFailed: 'Failed to load the history. Please try again.',
  versionFailed: 'Failed to load this version. Please try again.',
  restoreFailed: 'Failed to restore this version. Please try again.',
  sources: { generated: 'Generated', edited: 'Edited', restored: 'Restored' },
} as const;

/** Texts of reordering and moving (every screen with a drag handle or Move actions). */
export const ORDER_TEXT = {
  moved: 'Moved.',
  undo: 'Undo',
  undone: 'Move undone.',
  saveFailed: 'The new order could not be saved. Please try again.',
} as const;
