import type { RequestHandler } from 'express';
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
 * JSON may spell lone surrogates (`"\ud800"`) that no storage can encode as UTF-8; such a body
 * is the client's mistake, so it is refused here rather than failing later as a server error.
 * So is a body nested deeper than any request needs, before anything else walks it.
 */
export const requireWellFormedText: RequestHandler = (req, _res, next) => {
  const verdict = inspectJson(req.body);
  if (verdict === 'malformed-text') throw new HttpError(400, 'VALIDATION', MALFORMED_TEXT);
  if (verdict === 'too-deep') throw new HttpError(400, 'VALIDATION', NESTED_TOO_DEEPLY);
  next();
};
