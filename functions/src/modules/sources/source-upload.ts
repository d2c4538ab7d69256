import { SOURCE_FILE_FIELD, SOURCE_LIMITS, SOURCE_MESSAGES } from '@coursecraft/contracts';
import type { Request } from 'express';
import { HttpError } from '../../lib/http-error';
import { readMultipart } from '../../lib/multipart';
import type { SourceUpload } from './sources-service';

/** The one file of a source upload (field SOURCE_FILE_FIELD), at most 20 MB (413 beyond). */
export async function readSourceUpload(req: Request): Promise<SourceUpload> {
  const { file, fileName } = await readMultipart(req, {
    fileField: SOURCE_FILE_FIELD,
    fileMaxBytes: SOURCE_LIMITS.fileBytes,
    missing: () => new HttpError(400, 'VALIDATION', SOURCE_MESSAGES.missing),
    tooLarge: () => new HttpError(413, 'PAYLOAD_TOO_LARGE', SOURCE_MESSAGES.tooLarge),
  });
  return { file, fileName };
}
