import type { Response } from 'express';
import type { Caller } from '../lib/caller';
import { HttpError } from '../lib/http-error';

interface CallerLocals {
  caller?: Caller;
}

export function setCaller(res: Response, caller: Caller): void {
  (res.locals as CallerLocals).caller = caller;
}

/** The caller of a route behind require-auth; a route without it is a programming error. */
export function callerOf(res: Response): Caller {
  const caller = (res.locals as CallerLocals).caller;
  if (!caller) throw new HttpError(401, 'UNAUTHENTICATED', 'Authentication required');
  return caller;
}

/** The caller when a guard before established one, else null (public routes). */
export function signedInCallerOf(res: Response): Caller | null {
  return (res.locals as CallerLocals).caller ?? null;
}

/** The uid of the caller of a route behind require-auth. */
export function uidOf(res: Response): string {
  return callerOf(res).uid;
}
