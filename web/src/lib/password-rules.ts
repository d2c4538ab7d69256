/** The new-password rules of the reset and change-password forms (spec §5). */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
} as const;

/** The error of a new password, or null; `requiredMessage` differs between the two forms. */
export function newPasswordError(value: string, requiredMessage: string): string | null {
  if (!value) return requiredMessage;
  if (value.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  return null;
}

export function confirmationError(password: string, confirmation: string): string | null {
  if (!confirmation) return PASSWORD_MESSAGES.confirmRequired;
  if (password !== confirmation) return PASSWORD_MESSAGES.mismatch;
  return null;
}
