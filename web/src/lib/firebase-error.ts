/** The `code` of a Firebase SDK error (e.g. `auth/invalid-credential`), if it has one. */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
