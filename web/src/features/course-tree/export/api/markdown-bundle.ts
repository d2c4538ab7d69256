import { COURSE_BUNDLE_FIELD, courseSchema, type Course } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../../lib/api-client';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeApi } from '../../api/api-paths';
import { courseTreeKeys } from '../../lib/keys';

/**
 * The course as a Markdown bundle (.zip), made by the API: `course.json`, one Markdown file per
 * lesson in folders named after subjects and chapters, and the covers. A failure is an ApiError
 * with the server's message.
 */
export function downloadMarkdownBundle(courseId: string): Promise<Blob> {
  return apiBlob(courseTreeApi.markdownExport(courseId), { accept: 'application/zip' });
}

/** A new course of the user's from a Markdown bundle; the server checks it whole first. */
export function importCourseBundle(file: File): Promise<Course> {
  const form = new FormData();
  form.append(COURSE_BUNDLE_FIELD, file, file.name);
  return apiRequest('/courses/import', { method: 'POST', body: form, schema: courseSchema });
}

/** Imports a course bundle; the course list is fetched again. */
export function useImportCourseBundle() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: importCourseBundle,
    onSuccess: () => scope.invalidate(courseTreeKeys.courses(), { exact: true }),
  });
}
