import type { Request, RequestHandler } from 'express';
import { HttpError } from '../lib/http-error';
import { ERROR_MESSAGES } from './error-handler';

export const BODY_TOO_LARGE = ERROR_MESSAGES.tooLarge;
export const UNSUPPORTED_BODY_TYPE = 'Send the request body as application/json';

/** A route that takes a multipart upload instead of JSON, with its own size limit and message. */
export interface UploadRoute {
  method: string;
  /**
   * The path under /api, e.g. `/courses/import`; a `:name` segment matches any one segment, as
   * in the route itself (`/courses/:courseId/sources`).
   */
  path: string;
  maxBytes: number;
  tooLargeMessage: string;
}

function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, index) =>
      segment.startsWith(':') ? (got[index] ?? '') !== '' : segment === got[index],
    )
  );
}

/** The upload route `method` and `path` (under /api) name, if any. */
export function uploadRouteOf(
  uploads: readonly UploadRoute[],
  method: string | undefined,
  path: string,
): UploadRoute | undefined {
  return uploads.find((route) => route.method === method && pathMatches(route.path, path));
}

export interface BodyGateOptions {
  jsonMaxBytes: number;
  uploads: UploadRoute[];
}

/** Room for a multipart body's boundaries, part headers and small text fields beside the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The bytes Google's functions framework has already read and parsed, before any app code. */
const rawBodyOf = (req: Request): Buffer | undefined =>
  (req as Request & { rawBody?: Buffer }).rawBody;

function declaredLength(req: Request): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

function hasBody(req: Request): boolean {
  const raw = rawBodyOf(req);
  if (raw) return raw.length > 0;
  return (declaredLength(req) ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Refuses a body by its size and type before any work: JSON everywhere, multipart only on the
 * upload routes, each with its limit. In-process the limit is checked against Content-Length
 * (and the JSON parser stops a chunked body at the same limit); inside the functions framework,
 * which has read and parsed every body of up to 32 MB before the app runs, against the raw bytes
 * it kept. Either way the answer is the same 413 or 415.
 */
export function bodyGate({ jsonMaxBytes, uploads }: BodyGateOptions): RequestHandler {
  return (req, _res, next) => {
    if (!hasBody(req)) {
      next();
      return;
    }
    const upload = uploadRouteOf(uploads, req.method, req.path);
    const multipart = upload !== undefined && req.is('multipart/form-data') !== false;
    const json = req.is('application/json') !== false;
    const maxBytes = multipart ? upload.maxBytes + MULTIPART_OVERHEAD_BYTES : jsonMaxBytes;
    const tooLargeMessage = multipart ? upload.tooLargeMessage : BODY_TOO_LARGE;
    const size = rawBodyOf(req)?.length ?? declaredLength(req) ?? 0;
    if (size > maxBytes) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', tooLargeMessage);
    if (!json && !multipart)
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_BODY_TYPE);
    next();
  };
}
