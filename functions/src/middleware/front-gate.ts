import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { compressedBodyRefusal, isCompressedRequest } from '../lib/compressed-requests';
import { errorBody, HttpError } from '../lib/http-error';
import {
  BODY_TOO_LARGE,
  MULTIPART_OVERHEAD_BYTES,
  UNSUPPORTED_BODY_TYPE,
  uploadRouteOf,
  type BodyGateOptions,
} from './body-gate';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface FrontGateOptions extends BodyGateOptions {
  /** Where the app mounts the routes the upload paths are relative to, e.g. `/api`. */
  basePath: string;
}

const mediaTypeOf = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The most bytes the app takes on this request's route, and the 413 it answers past them. */
function bodyLimitOf(
  req: IncomingMessage,
  { jsonMaxBytes, uploads, basePath }: FrontGateOptions,
): { maxBytes: number; tooLarge: () => HttpError; multipart: boolean } {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const upload = path.startsWith(`${basePath}/`)
    ? uploadRouteOf(uploads, req.method, path.slice(basePath.length))
    : undefined;
  const multipart =
    upload !== undefined && mediaTypeOf(req.headers['content-type']) === 'multipart/form-data';
  const maxBytes = multipart ? upload.maxBytes + MULTIPART_OVERHEAD_BYTES : jsonMaxBytes;
  const message = multipart ? upload.tooLargeMessage : BODY_TOO_LARGE;
  return { maxBytes, multipart, tooLarge: () => new HttpError(413, 'PAYLOAD_TOO_LARGE', message) };
}

/**
 * What the body gate would answer, decided from the headers alone: a compressed body, and a body
 * whose declared length or type the app refuses anyway. A body sent without Content-Length is
 * counted as it arrives instead (`countedBody`).
 */
export function refusalInFront(
  req: IncomingMessage,
  options: FrontGateOptions,
): HttpError | undefined {
  if (isCompressedRequest(req.headers)) return compressedBodyRefusal();
  const length = declaredLength(req);
  if (!length) return undefined;
  const { maxBytes, multipart, tooLarge } = bodyLimitOf(req, options);
  if (length > maxBytes) return tooLarge();
  if (!multipart && mediaTypeOf(req.headers['content-type']) !== 'application/json') {
    return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_BODY_TYPE);
  }
  return undefined;
}

function answer(res: ServerResponse, refusal: HttpError, { close = false } = {}): void {
  const body = JSON.stringify(errorBody(refusal));
  res.writeHead(refusal.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...(close && { connection: 'close' }),
  });
  res.end(body);
}

/**
 * A body without Content-Length (chunked) is read by the framework whatever its size, up to the
 * platform's 32 MB, and parsed: ten 30 MB JSON bodies at once took an instance past 4 GiB. Its
 * bytes are counted as Node's HTTP parser hands them to the request (its `push`), which leaves
 * the stream's flow to the framework; past the route's limit the request is answered 413 and
 * dropped, so the framework never holds more than the limit.
 */
function countedBody(req: IncomingMessage, res: ServerResponse, options: FrontGateOptions): void {
  if (declaredLength(req) !== undefined || req.headers['transfer-encoding'] === undefined) return;
  const { maxBytes, tooLarge } = bodyLimitOf(req, options);
  const push = req.push.bind(req);
  let received = 0;
  let refused = false;
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (refused) return false;
    if (Buffer.isBuffer(chunk)) received += chunk.length;
    if (received <= maxBytes) return push(chunk, encoding);
    refused = true;
    if (!res.headersSent) answer(res, tooLarge(), { close: true });
    res.once('finish', () => req.destroy());
    return false;
  };
}

/** The listener, behind the refusals of `refusalInFront` (the body dropped as it arrives). */
export function behindFrontGate(
  listener: RequestListener,
  options: FrontGateOptions,
): RequestListener {
  return (req, res) => {
    const refusal = refusalInFront(req, options);
    if (!refusal) {
      countedBody(req, res, options);
      listener(req, res);
      return;
    }
    // The body is read and dropped, never kept: a client still sending it would otherwise see the
    // connection fail instead of this answer.
    req.resume();
    answer(res, refusal);
  };
}

let installed = false;

/**
 * Puts the front gate before the request listener of every HTTP server this process creates from
 * now on. Google's functions framework loads the function's module and only then creates its
 * server with `http.createServer(app)`, its body parsers inside `app`: they read any body of up to
 * 32 MB, inflate a compressed one up to 1 GiB and parse JSON, text and forms, all before the app's
 * body gate runs. Only incoming requests are concerned; responses the process fetches are
 * decompressed as before.
 */
export function installFrontGate(options: FrontGateOptions): void {
  if (installed) return;
  installed = true;
  const createServer = http.createServer;
  http.createServer = function createServerBehindFrontGate(...args: unknown[]) {
    const guarded = args.map((arg) =>
      typeof arg === 'function' ? behindFrontGate(arg as RequestListener, options) : arg,
    );
    return Reflect.apply(createServer, http, guarded) as http.Server;
  } as typeof http.createServer;
}
