import { firebaseErrorCode } from '../firebase-error';

/** gRPC NOT_FOUND, as the Admin SDK reports a write whose document had to exist. */
const NOT_FOUND = 5;
/** gRPC ALREADY_EXISTS, as the Admin SDK reports a failed `create()`. */
const ALREADY_EXISTS = 6;
/** gRPC ABORTED, as the Admin SDK reports a transaction that lost to others on every attempt. */
const ABORTED = 10;

function hasCode(error: unknown, grpcCode: number, sdkCode: string): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === grpcCode || firebaseErrorCode(error) === sdkCode;
}

/** Whether a Firestore write failed because the document it creates exists already. */
export function isAlreadyExists(error: unknown): boolean {
  return hasCode(error, ALREADY_EXISTS, 'already-exists');
}

/**
 * Whether a Firestore write failed because a document it needed was gone: an `update()`, or a
 * `delete()` with the precondition `{ exists: true }`.
 */
export function isNotFound(error: unknown): boolean {
  return hasCode(error, NOT_FOUND, 'not-found');
}

/** Whether a transaction failed because concurrent ones kept winning, its retries used up. */
export function isAborted(error: unknown): boolean {
  return hasCode(error, ABORTED, 'aborted');
}
