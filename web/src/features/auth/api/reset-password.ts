import { useMutation } from '@tanstack/react-query';
import { confirmPasswordReset } from 'firebase/auth';
import { auth } from '../../../lib/firebase';

/** Sets the new password with the reset link's code, straight with Firebase Auth. */
export function resetPassword({ code, password }: { code: string; password: string }) {
  return confirmPasswordReset(auth, code, password);
}

/** Resets the password; nothing cached depends on it (the code's check ends with the page). */
export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onError: (error) => console.error('Password reset failed', error),
  });
}
