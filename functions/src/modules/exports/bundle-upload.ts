import {
  COURSE_BUNDLE_FIELD,
  COURSE_BUNDLE_LIMITS,
  COURSE_BUNDLE_MESSAGES,
} from '@coursecraft/contracts';
import type { Request } from 'express';
import { HttpError } from '../../lib/http-error';
import { readMultipart } from '../../lib/multipart';

/** The .zip of a multipart upload (field `bundle`), at most COURSE_BUNDLE_LIMITS.uploadBytes (413 beyond). */
export async function readBundleUpload(req: Request): Promise<Uint8Array> {
  const { file } = await readMultipart(req, {
    fileField: COURSE_BUNDLE_FIELD,
    fileMaxBytes: COURSE_BUNDLE_LIMITS.uploadBytes,
    missing: () => new HttpError(400, 'VALIDATION', COURSE_BUNDLE_MESSAGES.missing),
    tooLarge: () => new HttpError(413, 'PAYLOAD_TOO_LARGE', COURSE_BUNDLE_MESSAGES.tooLarge),
  });
  return file;
}
