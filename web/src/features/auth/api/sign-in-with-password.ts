import type { LoginFormValues } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { auth } from '../../../lib/firebase';
import { applyRememberMe } from '../remember-me';

/** E-mail and password sign-in, straight with Firebase Auth: the password never reaches the API. */
export async function signInWithPassword({
  email,
  password,
  remember_me,
}: LoginFormValues): Promise<void> {
  await applyRememberMe(remember_me);
  await signInWithEmailAndPassword(auth, email, password);
}

/** Signs in; the new session then clears the previous user's cached data, so nothing is patched. */
export function useSignInWithPassword() {
  return useMutation({
    mutationFn: signInWithPassword,
    onError: (error) => console.error('Login failed', error),
  });
}
