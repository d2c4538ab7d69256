import {
  COURSE_BUNDLE_FIELD,
  COURSE_BUNDLE_LIMITS,
  COURSE_BUNDLE_MESSAGES,
} from '@coursecraft/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../../lib/http-error';

/**
 * The .zip of a multipart upload (field `bundle`), at most COURSE_BUNDLE_LIMITS.uploadBytes
 * (413 beyond). Cloud Functions hands over the body already read, as `rawBody`; elsewhere it is
 * streamed.
 */
export function readBundleUpload(req: Request): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 5, fileSize: COURSE_BUNDLE_LIMITS.uploadBytes, parts: 6 },
      });
    } catch {
      reject(new HttpError(400, 'VALIDATION', COURSE_BUNDLE_MESSAGES.missing));
      return;
    }
    let bundle: Buffer | undefined;
    let failure: HttpError | undefined;
    parser.on('file', (field, stream) => {
      if (field !== COURSE_BUNDLE_FIELD) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body cut short fails the file stream too; unheard, that error would crash the process.
      stream.on('error', () => {
        failure ??= new HttpError(400, 'VALIDATION', COURSE_BUNDLE_MESSAGES.missing);
      });
      stream.on('limit', () => {
        failure = new HttpError(413, 'PAYLOAD_TOO_LARGE', COURSE_BUNDLE_MESSAGES.tooLarge);
        chunks.length = 0;
      });
      stream.on('close', () => {
        bundle = Buffer.concat(chunks);
      });
    });
    parser.on('error', () =>
      reject(new HttpError(400, 'VALIDATION', COURSE_BUNDLE_MESSAGES.missing)),
    );
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!bundle || bundle.length === 0) {
        reject(new HttpError(400, 'VALIDATION', COURSE_BUNDLE_MESSAGES.missing));
      } else resolve(bundle);
    });
    const rawBody = (req as Request & { rawBody?: Buffer }).rawBody;
    if (rawBody) parser.end(rawBody);
    else req.pipe(parser);
  });
}
