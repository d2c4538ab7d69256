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
import type { Request } from 'express';
import * as z from 'zod';
import { HttpError } from '../../lib/http-error';
import { readMultipart } from '../../lib/multipart';
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
 */
export async function readCourseUpload(req: Request): Promise<CourseUpload> {
  const { file, text } = await readMultipart(req, {
    fileField: COURSE_AUDIO_FIELD,
    fileMaxBytes: COURSE_AUDIO_MAX_BYTES,
    textField: COURSE_AUDIO_SETTINGS_FIELD,
    textMaxBytes: SETTINGS_MAX_BYTES,
    missing: () => new HttpError(400, 'VALIDATION', COURSE_AUDIO_MISSING),
    tooLarge: () => new HttpError(413, 'PAYLOAD_TOO_LARGE', COURSE_AUDIO_TOO_LARGE),
  });
  if (!isWav(file)) throw new HttpError(400, 'VALIDATION', NOT_A_WAV_FILE);
  if (text?.cut) throw new HttpError(400, 'VALIDATION', COURSE_SETTINGS_NOT_JSON);
  return { recording: file, settings: settingsOf(text?.value) };
}
