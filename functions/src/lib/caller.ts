import type { Response } from 'express';
import { HttpError } from './http-error';

/** The signed-in user making a request, as established by require-auth. */
export interface Caller {
  uid: string;
  email: string | null;
  isAdmin: boolean;
}

interface CallerLocals {
  caller?: Caller;
}

export function setCaller(res: Response, caller: Caller): void {
  (res.locals as CallerLocals).caller = caller;
}

/** The caller of a route behind require-auth; a route without it is a programming error. */
export function callerOf(res: Response): Caller {
  const caller = (res.locals as CallerLocals).caller;
  if (!caller) throw new HttpError(401, 'Authentication required');
  return caller;
}
