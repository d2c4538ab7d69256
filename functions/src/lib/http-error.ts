import type { ApiError, ErrorCode } from '@coursecraft/contracts';

export interface HttpErrorOptions {
  /** Sent as the answer's `details`, e.g. `{ job_id }` of the job a 409 refers to. */
  details?: Record<string, unknown>;
  /** Sent as headers of the answer, e.g. `Retry-After` of a 429. */
  headers?: Record<string, string>;
}

/**
 * An error whose status, code and message are meant for the client, mapped once by the error
 * handler into `{ error: message, code, details? }`.
 */
export class HttpError extends Error {
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

/** The body of every error answer, streamed ones included. */
export function errorBody(error: HttpError): ApiError {
  return error.details
    ? { error: error.message, code: error.code, details: error.details }
    : { error: error.message, code: error.code };
}
