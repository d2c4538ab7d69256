import { firebaseErrorCode } from '../firebase-error';

/** gRPC ALREADY_EXISTS, as the Admin SDK reports a failed `create()`. */
const ALREADY_EXISTS = 6;

/** Whether a Firestore write failed because the document it creates exists already. */
export function isAlreadyExists(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === ALREADY_EXISTS || firebaseErrorCode(error) === 'already-exists';
}
