import { HttpError } from '../lib/http-error';

/** The HttpError a promise rejects with; fails the test when it resolves or rejects otherwise. */
export async function httpFailureOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}
