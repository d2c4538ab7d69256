import { courseSchema, subjectSchema, type Course, type Subject } from '@coursecraft/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { courseKeys } from './courses-api';

const messageSchema = z.object({ message: z.string() });
const coursePath = (courseId: string) => `/courses/${encodeURIComponent(courseId)}`;
const subjectPath = (courseId: string, subjectId: string) =>
  `${coursePath(courseId)}/subjects/${encodeURIComponent(subjectId)}`;

export const subjectKeys = {
  list: (uid: string | undefined, courseId: string) =>
    [...courseKeys.one(uid, courseId), 'subjects'] as const,
};

export function fetchCourse(courseId: string, signal?: AbortSignal): Promise<Course> {
  return apiRequest(coursePath(courseId), { schema: courseSchema, signal });
}

export function fetchSubjects(courseId: string, signal?: AbortSignal): Promise<Subject[]> {
  return apiRequest(`${coursePath(courseId)}/subjects`, { schema: z.array(subjectSchema), signal });
}

/** One course of the signed-in user, taken from the course list cache when it is there. */
export function useCourse(courseId: string) {
  const uid = useSession().user?.uid;
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: courseKeys.one(uid, courseId),
    queryFn: ({ signal }) => fetchCourse(courseId, signal),
    enabled: uid !== undefined,
    initialData: () =>
      queryClient
        .getQueryData<Course[]>(courseKeys.all(uid))
        ?.find((course) => course.id === courseId),
  });
}

export function useSubjects(courseId: string) {
  const uid = useSession().user?.uid;
  return useQuery({
    queryKey: subjectKeys.list(uid, courseId),
    queryFn: ({ signal }) => fetchSubjects(courseId, signal),
    enabled: uid !== undefined,
  });
}

/** Subject mutations; each refreshes the course (its has_subjects flag) and its subjects. */
export function useSubjectMutations(courseId: string) {
  const queryClient = useQueryClient();
  const uid = useSession().user?.uid;
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all(uid) });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        apiRequest(`${coursePath(courseId)}/subjects`, {
          method: 'POST',
          body: { name },
          schema: subjectSchema,
        }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ subjectId, name }: { subjectId: string; name: string }) =>
        apiRequest(subjectPath(courseId, subjectId), {
          method: 'PUT',
          body: { name },
          schema: subjectSchema,
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (subjectId: string) =>
        apiRequest(subjectPath(courseId, subjectId), { method: 'DELETE', schema: messageSchema }),
      onSuccess: refresh,
    }),
  };
}
