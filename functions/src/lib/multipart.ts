import busboy from 'busboy';
import type { Request } from 'express';
import type { HttpError } from './http-error';

/** What an upload route accepts of a multipart body, and the errors it answers. */
export interface MultipartLimits {
  /** The one file field read; other files are skipped. */
  fileField: string;
  fileMaxBytes: number;
  /** The text field read, if any; others are skipped. */
  textField?: string;
  /** The most bytes a text field may hold; a longer one is cut and reported as cut. */
  textMaxBytes?: number;
  /** No file (or an empty one), a malformed body or one cut short. */
  missing: () => HttpError;
  /** The file is longer than `fileMaxBytes`. */
  tooLarge: () => HttpError;
}

/** A multipart body as read: the file's bytes and the text field, if sent. */
export interface MultipartUpload {
  file: Buffer;
  /** The file name the part's Content-Disposition gave, as sent ('' when none). */
  fileName: string;
  text?: { value: string; cut: boolean };
}

/**
 * Reads one file (and optionally one text field) of a multipart upload, keeping at most
 * `fileMaxBytes` of the file in memory. Cloud Functions hands over the body already read, as
 * `rawBody`; elsewhere it is streamed.
 */
export function readMultipart(req: Request, limits: MultipartLimits): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          files: 1,
          fields: 5,
          fileSize: limits.fileMaxBytes,
          ...(limits.textMaxBytes !== undefined && { fieldSize: limits.textMaxBytes }),
          parts: 6,
        },
      });
    } catch {
      reject(limits.missing());
      return;
    }
    let file: Buffer | undefined;
    let fileName = '';
    let text: MultipartUpload['text'];
    let failure: HttpError | undefined;
    parser.on('field', (field, value, info) => {
      if (field !== limits.textField) return;
      text = { value, cut: info.valueTruncated };
    });
    parser.on('file', (field, stream, info) => {
      if (field !== limits.fileField) {
        stream.resume();
        return;
      }
      fileName = info.filename ?? '';
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body cut short fails the file stream too; unheard, that error would crash the process.
      stream.on('error', () => {
        failure ??= limits.missing();
      });
      stream.on('limit', () => {
        failure = limits.tooLarge();
        chunks.length = 0;
      });
      stream.on('close', () => {
        file = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => reject(limits.missing()));
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!file || file.length === 0) reject(limits.missing());
      else resolve(text ? { file, fileName, text } : { file, fileName });
    });
    const rawBody = (req as Request & { rawBody?: Buffer }).rawBody;
    if (rawBody) parser.end(rawBody);
    else req.pipe(parser);
  });
}
