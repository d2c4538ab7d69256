import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-error';
import { describeZodError } from '../lib/validate';

export const ERROR_MESSAGES = {
  malformedJson: 'Malformed JSON body',
  tooLarge: 'Request body too large',
  invalidBody: 'Invalid request body',
  malformedUrl: 'Malformed URL',
  internal: 'Internal server error',
} as const;

/** The shape of errors thrown by Express's body parsers (`type` like "entity.parse.failed"). */
interface BodyParserError {
  type: string;
  status: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    typeof error.type === 'string' &&
    'status' in error &&
    typeof error.status === 'number'
  );
}

/** The one place errors become responses: `{ "error": message }`, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) {
    console.error('API error after the response started', error);
    next(error);
    return;
  }
  if (error instanceof HttpError) {
    res
      .status(error.status)
      .set(error.headers)
      .json({ ...error.details, error: error.message });
    return;
  }
  if (error instanceof ZodError) {
    res.status(400).json({ error: describeZodError(error) });
    return;
  }
  if (isBodyParserError(error)) {
    if (error.type === 'entity.parse.failed') {
      res.status(400).json({ error: ERROR_MESSAGES.malformedJson });
      return;
    }
    if (error.type === 'entity.too.large') {
      res.status(413).json({ error: ERROR_MESSAGES.tooLarge });
      return;
    }
    if (error.status >= 400 && error.status < 500) {
      res.status(error.status).json({ error: ERROR_MESSAGES.invalidBody });
      return;
    }
  }
  // The router could not percent-decode a path parameter (e.g. `%ED%A0%80`, `%G1`).
  if (error instanceof URIError) {
    res.status(400).json({ error: ERROR_MESSAGES.malformedUrl });
    return;
  }
  console.error('Unhandled API error', error);
  res.status(500).json({ error: ERROR_MESSAGES.internal });
};
