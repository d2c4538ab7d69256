/**
 * An error whose status and message are meant for the client, mapped once by the error handler;
 * `details` are sent beside the message (e.g. the id of the job a 409 refers to), `headers` with
 * the answer (e.g. `Retry-After` of a 429).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
