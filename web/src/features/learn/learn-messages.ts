/** User-visible texts of the learner pages' script (the pages' own texts are the server's). */
export const LEARN_TEXT = {
  progress: (done: number, total: number) => `${done} of ${total} topics completed`,
  start: 'Start',
  continue: 'Continue',
  markComplete: 'Mark as complete',
  completed: 'Completed',
  completedMark: ' (completed)',
  progressLoadFailed: 'Failed to load your progress.',
  saveFailed: 'Could not save your progress. Please try again.',
  savePrompt: 'Your progress is kept in this browser only. Create an account to keep it anywhere.',
  saveProgress: 'Save your progress',
  saved: 'Your progress is saved to your account.',
  dismiss: 'Dismiss',
  emailInUse:
    'An account with this email already exists. Use Google, or log in and your progress there stays yours.',
  weakPassword: 'Please choose a stronger password.',
  invalidEmail: 'Please enter a valid email address',
  signUpFailed: 'Could not create your account. Please try again.',
  googleFailed: 'Google sign-in failed. Please try again.',
  popupBlocked: 'The sign-in popup was blocked. Please allow popups for this site and try again.',
  network: 'Network error. Please check your connection and try again.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  checkFailed: 'Could not check your answer. Please try again.',
  quizLoadFailed: 'Could not load the quiz. Please try again.',
  // Copies of QUIZ_MESSAGES' (a test keeps them equal).
  courseQuizResult: (score: number, passed: boolean) =>
    `Quiz: ${score}% · ${passed ? 'Passed' : 'Not passed'}`,
  notTaken: 'Quiz: not taken yet',
  courseCompleted: 'Course completed',
} as const;
