import {
  COURSE_AUDIO_FIELD,
  COURSE_AUDIO_MAX_BYTES,
  COURSE_AUDIO_MISSING,
  COURSE_AUDIO_SETTINGS_FIELD,
  COURSE_AUDIO_TOO_LARGE,
  COURSE_SETTINGS_NOT_JSON,
  newCourseSettingsSchema,
  type CourseSettings,
} from '@coursecraft/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import * as z from 'zod';
import { HttpError } from '../../lib/http-error';
import { validate } from '../../lib/validate';

export const NOT_A_WAV_FILE = 'The recording must be a WAV file.';

/** RIFF header (12 bytes) and at least the fmt chunk's header: anything shorter holds no sound. */
const WAV_MIN_BYTES = 44;
/** Far more than any valid settings take as JSON; a longer field is refused, not cut. */
const SETTINGS_MAX_BYTES = 4096;

/** What `POST /api/courses/add_course_audio` carries: the recording and the course's settings. */
export interface CourseUpload {
  recording: Buffer;
  settings: CourseSettings;
}

const settingsField = z.object({ settings: newCourseSettingsSchema });

/** The `settings` field's JSON, checked like the `settings` of a JSON body; defaults without it. */
function settingsOf(text: string | undefined): CourseSettings {
  if (text === undefined) return validate(settingsField, {}).settings;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'VALIDATION', COURSE_SETTINGS_NOT_JSON);
  }
  return validate(settingsField, { settings: parsed }).settings;
}

function isWav(bytes: Buffer): boolean {
  return (
    bytes.length > WAV_MIN_BYTES &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WAVE'
  );
}

/**
 * The WAV recording of a multipart upload (field `audio`), at most COURSE_AUDIO_MAX_BYTES, and
 * the optional text field `settings` (JSON, checked by the course settings schema).
 * Cloud Functions hands over the body already read, as `rawBody`; elsewhere it is streamed.
 */
export function readCourseUpload(req: Request): Promise<CourseUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          files: 1,
          fields: 5,
          fileSize: COURSE_AUDIO_MAX_BYTES,
          fieldSize: SETTINGS_MAX_BYTES,
          parts: 6,
        },
      });
    } catch {
      reject(new HttpError(400, 'VALIDATION', COURSE_AUDIO_MISSING));
      return;
    }
    let audio: Buffer | undefined;
    let settingsText: string | undefined;
    let settingsCut = false;
    let failure: HttpError | undefined;
    parser.on('field', (field, value, info) => {
      if (field !== COURSE_AUDIO_SETTINGS_FIELD) return;
      settingsText = value;
      settingsCut = info.valueTruncated;
    });
    parser.on('file', (field, stream) => {
      if (field !== COURSE_AUDIO_FIELD) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body cut short fails the file stream too; unheard, that error would crash the process.
      stream.on('error', () => {
        failure ??= new HttpError(400, 'VALIDATION', COURSE_AUDIO_MISSING);
      });
      stream.on('limit', () => {
        failure = new HttpError(413, 'PAYLOAD_TOO_LARGE', COURSE_AUDIO_TOO_LARGE);
      });
      stream.on('close', () => {
        audio = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => reject(new HttpError(400, 'VALIDATION', COURSE_AUDIO_MISSING)));
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!audio || audio.length === 0)
        reject(new HttpError(400, 'VALIDATION', COURSE_AUDIO_MISSING));
      else if (!isWav(audio)) reject(new HttpError(400, 'VALIDATION', NOT_A_WAV_FILE));
      else if (settingsCut) reject(new HttpError(400, 'VALIDATION', COURSE_SETTINGS_NOT_JSON));
      else {
        try {
          resolve({ recording: audio, settings: settingsOf(settingsText) });
        } catch (error) {
          reject(error);
        }
      }
    });
    const rawBody = (req as Request & { rawBody?: Buffer }).rawBody;
    if (rawBody) parser.end(rawBody);
    else req.pipe(parser);
  });
}
