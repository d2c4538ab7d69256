import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ErrorCode } from '@coursecraft/contracts';
import { errorBody, HttpError } from '../lib/http-error';
import { validationError } from '../lib/validate';

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

const BODY_REFUSALS: Partial<Record<number, ErrorCode>> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** What a thrown value answers: an HttpError as it is, anything else translated or a 500. */
function asHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (isBodyParserError(error)) {
    if (error.type === 'entity.parse.failed') {
      return new HttpError(400, 'VALIDATION', ERROR_MESSAGES.malformedJson);
    }
    if (error.type === 'entity.too.large') {
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', ERROR_MESSAGES.tooLarge);
    }
    if (error.status >= 400 && error.status < 500) {
      return new HttpError(
        error.status,
        BODY_REFUSALS[error.status] ?? 'VALIDATION',
        ERROR_MESSAGES.invalidBody,
      );
    }
  }
  // The router could not percent-decode a path parameter (e.g. `%ED%A0%80`, `%G1`).
  if (error instanceof URIError) {
    return new HttpError(400, 'VALIDATION', ERROR_MESSAGES.malformedUrl);
  }
  console.error('Unhandled API error', error);
  return new HttpError(500, 'INTERNAL', ERROR_MESSAGES.internal);
}

/** The one place errors become responses: `{ error, code, details? }`, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) {
    console.error('API error after the response started', error);
    next(error);
    return;
  }
  const failure = asHttpError(error);
  res.status(failure.status).set(failure.headers).json(errorBody(failure));
};
