import type { RequestHandler } from 'express';
import { HttpError } from '../lib/http-error';

export const MALFORMED_TEXT = 'Text contains characters that are not valid Unicode';

/** Whether every string in a parsed JSON value, keys included, is well-formed UTF-16. */
export function isWellFormedJson(value: unknown): boolean {
  if (typeof value === 'string') return value.isWellFormed();
  if (Array.isArray(value)) return value.every(isWellFormedJson);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(
      ([key, item]) => key.isWellFormed() && isWellFormedJson(item),
    );
  }
  return true;
}

/**
 * JSON may spell lone surrogates (`"\ud800"`) that no storage can encode as UTF-8; such a body
 * is the client's mistake, so it is refused here rather than failing later as a server error.
 */
export const requireWellFormedText: RequestHandler = (req, _res, next) => {
  if (!isWellFormedJson(req.body)) throw new HttpError(400, MALFORMED_TEXT);
  next();
};
