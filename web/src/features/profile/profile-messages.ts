/** User-visible texts of the profile page (spec §4, §5, §8). */
export const PROFILE_TEXT = {
  loginFirst: 'You need to log in first',
  loadFailed: 'Failed to load your profile. Please try again.',
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  passwordChanged: 'Password changed successfully',
  changeFailed: 'Failed to change password',
  wrongCurrentPassword: 'Current password is incorrect',
  apiKeySaved: 'Your Google API key was saved.',
  apiKeyRemoved: 'Your Google API key was removed.',
  apiKeySaveFailed: 'Failed to save your API key. Please try again.',
  apiKeyRemoveFailed: 'Failed to remove your API key. Please try again.',
} as const;

/** Spec §9: the pause before a visitor on the profile page is sent to /auth. */
export const LOGIN_FIRST_REDIRECT_MS = 2000;
