import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-error';

interface BodyParserError {
  type: string;
  status: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return typeof error === 'object' && error !== null && 'type' in error && 'status' in error;
}

/** Readable message from the first validation issues, e.g. "name: Too big". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

/** The one place errors become responses: `{ "error": message }`, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  if (error instanceof HttpError) {
    res.status(error.status).json({ error: error.message });
    return;
  }
  if (error instanceof ZodError) {
    res.status(400).json({ error: describeZodError(error) });
    return;
  }
  if (isBodyParserError(error)) {
    if (error.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Malformed JSON body' });
      return;
    }
    if (error.type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body too large' });
      return;
    }
    if (error.status >= 400 && error.status < 500) {
      res.status(error.status).json({ error: 'Invalid request body' });
      return;
    }
  }
  console.error('Unhandled API error', error);
  res.status(500).json({ error: 'Internal server error' });
};
