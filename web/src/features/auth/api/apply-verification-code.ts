import { applyActionCode } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { auth } from '../../../lib/firebase';

/**
 * Marks the address verified with the link's code. A signed-in user is then reloaded and their
 * ID token refreshed, so the session (and the notice in the navbar) learns it at once.
 */
export async function applyVerificationCode(code: string): Promise<void> {
  await applyActionCode(auth, code);
  const user = auth.currentUser;
  if (user && !user.isAnonymous) {
    await user.reload();
    await user.getIdToken(true);
  }
}

/** What applying a code came to. */
export type VerificationOutcome = { verified: true } | { verified: false; error: unknown };

/** A code can be used once: each is applied at most once per page load, whatever re-renders. */
const applied = new Map<string, Promise<VerificationOutcome>>();

function applyOnce(code: string): Promise<VerificationOutcome> {
  let outcome = applied.get(code);
  if (!outcome) {
    outcome = applyVerificationCode(code).then(
      (): VerificationOutcome => ({ verified: true }),
      (error: unknown): VerificationOutcome => {
        console.error('E-mail verification failed', error);
        return { verified: false, error };
      },
    );
    applied.set(code, outcome);
  }
  return outcome;
}

/** Applies `code` (nothing without one); undefined until Firebase answers. */
export function useVerificationCode(code: string | null): VerificationOutcome | undefined {
  const [outcome, setOutcome] = useState<{ code: string; result: VerificationOutcome }>();
  useEffect(() => {
    if (code === null) return;
    let current = true;
    void applyOnce(code).then((result) => {
      if (current) setOutcome({ code, result });
    });
    return () => {
      current = false;
    };
  }, [code]);
  return outcome?.code === code ? outcome.result : undefined;
}
