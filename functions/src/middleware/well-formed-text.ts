import type { Request, RequestHandler } from 'express';
import { HttpError } from '../lib/http-error';

export const MALFORMED_TEXT = 'Text contains characters that are not valid Unicode';
export const NESTED_TOO_DEEPLY = 'The JSON body is nested too deeply';

/** No body the API reads nests beyond a few levels; this leaves ample room. */
export const JSON_MAX_DEPTH = 32;

export type JsonVerdict = 'ok' | 'malformed-text' | 'too-deep';

/**
 * Whether every string in a parsed JSON value, keys included, is well-formed UTF-16, and whether
 * it nests at most `maxDepth` levels. The walk keeps its own stack: JSON.parse accepts nesting
 * hundreds of thousands of levels deep, which a recursive walk would answer with a stack overflow.
 */
export function inspectJson(value: unknown, maxDepth = JSON_MAX_DEPTH): JsonVerdict {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, depth } = next;
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return 'malformed-text';
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maxDepth) return 'too-deep';
    if (Array.isArray(item)) {
      for (const child of item) pending.push({ value: child, depth: depth + 1 });
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (!key.isWellFormed()) return 'malformed-text';
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return 'ok';
}

/** Whether every string in a parsed JSON value, keys included, is well-formed UTF-16. */
export function isWellFormedJson(value: unknown): boolean {
  return inspectJson(value, Number.POSITIVE_INFINITY) !== 'malformed-text';
}

/**
 * The body the app's JSON parser (or the functions framework's) produced: an object or an array.
 * Anything else is not walked: under the functions framework an upload arrives as a Buffer, whose
 * every byte a walk would visit before any route guard ran.
 */
function parsedJsonOf(req: Request): object | undefined {
  if (!req.is('application/json')) return undefined;
  const body: unknown = req.body;
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return undefined;
  return Object.getPrototypeOf(body) === Object.prototype ? body : undefined;
}

/**
 * JSON may spell lone surrogates (`"\ud800"`) that no storage can encode as UTF-8; such a body
 * is the client's mistake, so it is refused here rather than failing later as a server error.
 * So is a body nested deeper than any request needs, before anything else walks it. Only parsed
 * JSON is inspected.
 */
export const requireWellFormedText: RequestHandler = (req, _res, next) => {
  const json = parsedJsonOf(req);
  const verdict = json === undefined ? 'ok' : inspectJson(json);
  if (verdict === 'malformed-text') throw new HttpError(400, 'VALIDATION', MALFORMED_TEXT);
  if (verdict === 'too-deep') throw new HttpError(400, 'VALIDATION', NESTED_TOO_DEEPLY);
  next();
};
