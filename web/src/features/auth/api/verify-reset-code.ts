import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifyPasswordResetCode } from 'firebase/auth';
import { auth } from '../../../lib/firebase';

/** Checks a reset link's code with Firebase Auth; answers the account's e-mail address. */
export async function verifyResetCode(code: string): Promise<string> {
  try {
    return await verifyPasswordResetCode(auth, code);
  } catch (error) {
    console.error('Reset link check failed', error);
    throw error;
  }
}

/**
 * A code is checked once per visit of the page: a refused code is not asked again, and the
 * answer is dropped when the page closes (a code is used up by the reset).
 */
export function resetCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['password-reset-code', code],
    queryFn: () => verifyResetCode(code),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** The check of `code`; nothing is asked without one. */
export function useResetCode(code: string | null) {
  return useQuery({ ...resetCodeQueryOptions(code ?? ''), enabled: code !== null });
}
