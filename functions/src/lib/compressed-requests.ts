import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { errorBody, HttpError } from './http-error';

export const COMPRESSED_BODY_REFUSED = 'Send the request body uncompressed';

/** The answer to a request whose body is compressed, in-process and in front of the framework. */
export const compressedBodyRefusal = () =>
  new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', COMPRESSED_BODY_REFUSED);

/**
 * Whether a request declares its body encoded (gzip, deflate, br, or anything but identity). Body
 * parsers inflate such a body before any size check: a few hundred kilobytes on the wire become
 * up to a gigabyte in memory.
 */
export function isCompressedRequest(headers: IncomingHttpHeaders): boolean {
  const encoding = (headers['content-encoding'] ?? '').trim().toLowerCase();
  return encoding !== '' && encoding !== 'identity';
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The listener, behind a refusal of compressed request bodies (415, the body left unread). */
export function refusingCompressed(listener: RequestListener): RequestListener {
  return (req, res) => {
    if (!isCompressedRequest(req.headers)) {
      listener(req, res);
      return;
    }
    const body = JSON.stringify(errorBody(compressedBodyRefusal()));
    // Closing the connection after the answer spares reading the rest of the body.
    res.writeHead(415, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    });
    res.end(body);
  };
}

let installed = false;

/**
 * Refuses compressed request bodies in every HTTP server this process creates from now on, before
 * its request listener runs. Google's functions framework loads the function's module and only
 * then creates its server with `http.createServer(app)`, its body parsers (which inflate up to
 * 1 GiB) inside `app`: the refusal has to sit in front of that listener. Only incoming requests
 * are concerned; responses the process fetches are decompressed as before.
 */
export function refuseCompressedRequests(): void {
  if (installed) return;
  installed = true;
  const createServer = http.createServer;
  http.createServer = function createServerRefusingCompressed(...args: unknown[]) {
    const guarded = args.map((arg) =>
      typeof arg === 'function' ? refusingCompressed(arg as RequestListener) : arg,
    );
    return Reflect.apply(createServer, http, guarded) as http.Server;
  } as typeof http.createServer;
}
