import { COURSE_BUNDLE_FIELD, courseSchema, type Course } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, apiRequest } from '../api-client';
import { courseTreeKeys } from '../course-tree/keys';
import { auth } from '../firebase';
import { useUserScope } from '../user-query';

async function errorOf(response: Response): Promise<ApiError> {
  let serverMessage: string | undefined;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      serverMessage = typeof body.error === 'string' ? body.error : undefined;
    }
  } catch {
    // not JSON: no server message
  }
  return new ApiError(
    response.status,
    serverMessage ?? `Request failed (${response.status})`,
    serverMessage,
  );
}

/**
 * The course as a Markdown bundle (.zip), made by the API: `course.json`, one Markdown file per
 * lesson in folders named after subjects and chapters, and the covers. A failure is an ApiError
 * with the server's message.
 */
export async function downloadMarkdownBundle(courseId: string): Promise<Blob> {
  const token = await auth.currentUser?.getIdToken();
  let response: Response;
  try {
    response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/export/markdown`, {
      headers: { accept: 'application/zip', ...(token && { authorization: `Bearer ${token}` }) },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, undefined);
  }
  if (!response.ok) throw await errorOf(response);
  return response.blob();
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
