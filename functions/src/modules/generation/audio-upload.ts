import {
  COURSE_AUDIO_FIELD,
  COURSE_AUDIO_MAX_BYTES,
  COURSE_AUDIO_MISSING,
  COURSE_AUDIO_TOO_LARGE,
} from '@coursecraft/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../../lib/http-error';

export const NOT_A_WAV_FILE = 'The recording must be a WAV file.';

/** RIFF header (12 bytes) and at least the fmt chunk's header: anything shorter holds no sound. */
const WAV_MIN_BYTES = 44;

function isWav(bytes: Buffer): boolean {
  return (
    bytes.length > WAV_MIN_BYTES &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WAVE'
  );
}

/**
 * The WAV recording of a multipart upload (field `audio`), at most COURSE_AUDIO_MAX_BYTES.
 * Cloud Functions hands over the body already read, as `rawBody`; elsewhere it is streamed.
 */
export function readAudioUpload(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 5, fileSize: COURSE_AUDIO_MAX_BYTES, parts: 6 },
      });
    } catch {
      reject(new HttpError(400, COURSE_AUDIO_MISSING));
      return;
    }
    let audio: Buffer | undefined;
    let failure: HttpError | undefined;
    parser.on('file', (field, stream) => {
      if (field !== COURSE_AUDIO_FIELD) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body cut short fails the file stream too; unheard, that error would crash the process.
      stream.on('error', () => {
        failure ??= new HttpError(400, COURSE_AUDIO_MISSING);
      });
      stream.on('limit', () => {
        failure = new HttpError(413, COURSE_AUDIO_TOO_LARGE);
      });
      stream.on('close', () => {
        audio = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => reject(new HttpError(400, COURSE_AUDIO_MISSING)));
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!audio || audio.length === 0) reject(new HttpError(400, COURSE_AUDIO_MISSING));
      else if (!isWav(audio)) reject(new HttpError(400, NOT_A_WAV_FILE));
      else resolve(audio);
    });
    const rawBody = (req as Request & { rawBody?: Buffer }).rawBody;
    if (rawBody) parser.end(rawBody);
    else req.pipe(parser);
  });
}
