import {
  COURSE_AUDIO_FIELD,
  COURSE_AUDIO_FILENAME,
  courseSchema,
  subjectSchema,
  type Course,
  type CourseInput,
} from '@coursecraft/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';

const messageSchema = z.object({ message: z.string() });

/** Query keys of the course tree; the session's uid scopes them to one user. */
export const courseKeys = {
  all: (uid: string | undefined) => ['courses', uid] as const,
  one: (uid: string | undefined, courseId: string) => ['courses', uid, courseId] as const,
};

export function fetchCourses(signal?: AbortSignal): Promise<Course[]> {
  return apiRequest('/courses/my-courses', { schema: z.array(courseSchema), signal });
}

export function createCourseManually(input: CourseInput): Promise<Course> {
  return apiRequest('/courses/create-manual', {
    method: 'POST',
    body: input,
    schema: courseSchema,
  });
}

export function updateCourse(courseId: string, input: CourseInput): Promise<Course> {
  return apiRequest(`/courses/${encodeURIComponent(courseId)}`, {
    method: 'PUT',
    body: input,
    schema: courseSchema,
  });
}

export function deleteCourse(courseId: string) {
  return apiRequest(`/courses/${encodeURIComponent(courseId)}`, {
    method: 'DELETE',
    schema: messageSchema,
  });
}

/** Gemini drafts a course from the author's spoken description (a WAV recording). */
export function createCourseFromAudio(audio: Blob): Promise<Course> {
  const form = new FormData();
  form.append(COURSE_AUDIO_FIELD, audio, COURSE_AUDIO_FILENAME);
  return apiRequest('/courses/add_course_audio', {
    method: 'POST',
    body: form,
    schema: courseSchema,
  });
}

/** The signed-in user's courses, newest first. */
export function useCourses() {
  const uid = useSession().user?.uid;
  return useQuery({
    queryKey: courseKeys.all(uid),
    queryFn: ({ signal }) => fetchCourses(signal),
    enabled: uid !== undefined,
  });
}

/** Course mutations; each refreshes the course list when it succeeds. */
export function useCourseMutations() {
  const queryClient = useQueryClient();
  const uid = useSession().user?.uid;
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all(uid) });
  return {
    create: useMutation({ mutationFn: createCourseManually, onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ courseId, input }: { courseId: string; input: CourseInput }) =>
        updateCourse(courseId, input),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: deleteCourse, onSuccess: refresh }),
    /** Gemini drafts a course (name and description) from the author's text. */
    generateFromText: useMutation({
      mutationFn: (text: string) =>
        apiRequest('/courses/add_course', {
          method: 'POST',
          body: { name: text },
          schema: courseSchema,
        }),
      onSuccess: refresh,
    }),
    /** The same, from the author's recorded voice. */
    generateFromAudio: useMutation({ mutationFn: createCourseFromAudio, onSuccess: refresh }),
    /** Gemini plans (or re-plans, replacing them) the course's subjects. */
    generateSubjects: useMutation({
      mutationFn: (courseId: string) =>
        apiRequest(`/courses/${encodeURIComponent(courseId)}/generate_subjects`, {
          method: 'POST',
          body: {},
          schema: z.array(subjectSchema),
        }),
      onSuccess: refresh,
    }),
  };
}
