import {
  COURSE_AUDIO_FIELD,
  COURSE_AUDIO_FILENAME,
  COURSE_AUDIO_SETTINGS_FIELD,
  courseSchema,
  type Course,
  type CourseSettings,
} from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeKeys } from '../../lib/keys';

/**
 * Gemini drafts a course from the author's spoken description (a WAV recording), in the
 * course's settings (a JSON text field), which the course keeps.
 */
export function generateCourseFromAudio({
  audio,
  settings,
}: {
  audio: Blob;
  settings: CourseSettings;
}): Promise<Course> {
  const form = new FormData();
  form.append(COURSE_AUDIO_FIELD, audio, COURSE_AUDIO_FILENAME);
  form.append(COURSE_AUDIO_SETTINGS_FIELD, JSON.stringify(settings));
  return apiRequest('/courses/add_course_audio', {
    method: 'POST',
    body: form,
    schema: courseSchema,
  });
}

/** Drafts a course from a recording; the course list is fetched again. */
export function useGenerateCourseFromAudio() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: generateCourseFromAudio,
    onSuccess: () => scope.invalidate(courseTreeKeys.courses(), { exact: true }),
  });
}
