import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  updatePassword,
  type User,
} from 'firebase/auth';
import { firebaseErrorCode } from '../../lib/firebase-error';
import { PROFILE_TEXT } from './profile-messages';

/** Re-authenticates with the current password (Firebase requires a recent login), then updates. */
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

export function changePasswordMessage(error: unknown): string {
  switch (firebaseErrorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return PROFILE_TEXT.wrongCurrentPassword;
    case 'auth/too-many-requests':
      return 'Too many failed attempts. Please try again later.';
    case 'auth/network-request-failed':
      return 'Network error. Please check your connection and try again.';
    case 'auth/weak-password':
      return 'Please choose a stronger password.';
    default:
      return PROFILE_TEXT.changeFailed;
  }
}

/** Only accounts with a password (not Google-only ones) can change it here. */
export function hasPasswordSignIn(user: User): boolean {
  return user.providerData.some((provider) => provider.providerId === 'password');
}
