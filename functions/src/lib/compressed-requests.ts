import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from './http-error';

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
