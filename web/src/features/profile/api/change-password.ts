import { useMutation } from '@tanstack/react-query';
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  updatePassword,
  type User,
} from 'firebase/auth';

/**
 * Changes the password straight with Firebase Auth: it re-authenticates with the current
 * password first (Firebase requires a recent login), then updates.
 */
export async function changePassword(
  user: User,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  if (!user.email) throw new Error('This account has no e-mail address.');
  await reauthenticateWithCredential(
    user,
    EmailAuthProvider.credential(user.email, currentPassword),
  );
  await updatePassword(user, newPassword);
}

export interface PasswordChange {
  user: User;
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes the password; no cached data depends on it. `change` is replaced in component tests;
 * the default talks to Firebase Auth.
 */
export function useChangePassword(change: typeof changePassword = changePassword) {
  return useMutation({
    mutationFn: ({ user, currentPassword, newPassword }: PasswordChange) =>
      change(user, currentPassword, newPassword),
    onError: (error) => console.error('Password change failed', error),
  });
}

/** Only accounts with a password (not Google-only ones) can change it here. */
export function hasPasswordSignIn(user: User): boolean {
  return user.providerData.some((provider) => provider.providerId === 'password');
}
