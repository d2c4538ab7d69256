/** The authors' texts of the Chapter quiz settings that the contract's messages do not hold. */
export const QUIZZES_TEXT = {
  about:
    'Learners take the quiz after the chapter’s lessons. It draws from the questions of the chapter’s topics.',
  loadFailed: 'Failed to load the quiz settings.',
  saving: 'Saving...',
  saveFailed: 'Failed to save the quiz settings. Please try again.',
  close: 'Close',
} as const;
