import {
  chapterSchema,
  subjectSchema,
  topicSchema,
  type Chapter,
  type Subject,
  type Topic,
} from '@coursecraft/contracts';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { courseKeys } from './courses-api';

const id = encodeURIComponent;
export const subjectApiPath = (courseId: string, subjectId: string) =>
  `/courses/${id(courseId)}/subjects/${id(subjectId)}`;
export const chapterApiPath = (courseId: string, subjectId: string, chapterId: string) =>
  `${subjectApiPath(courseId, subjectId)}/chapters/${id(chapterId)}`;
export const topicApiPath = (
  courseId: string,
  subjectId: string,
  chapterId: string,
  topicId: string,
) => `${chapterApiPath(courseId, subjectId, chapterId)}/topics/${id(topicId)}`;

/** Keys below the course's key, so invalidating the course list refreshes them all. */
const keyOf = (uid: string | undefined, courseId: string, ...rest: string[]) =>
  [...courseKeys.one(uid, courseId), ...rest] as const;

export function useSubject(courseId: string, subjectId: string) {
  const uid = useSession().user?.uid;
  return useQuery<Subject>({
    queryKey: keyOf(uid, courseId, 'subject', subjectId),
    queryFn: ({ signal }) =>
      apiRequest(subjectApiPath(courseId, subjectId), { schema: subjectSchema, signal }),
    enabled: uid !== undefined,
  });
}

export function useChapters(courseId: string, subjectId: string) {
  const uid = useSession().user?.uid;
  return useQuery<Chapter[]>({
    queryKey: keyOf(uid, courseId, 'subject', subjectId, 'chapters'),
    queryFn: ({ signal }) =>
      apiRequest(`${subjectApiPath(courseId, subjectId)}/chapters`, {
        schema: z.array(chapterSchema),
        signal,
      }),
    enabled: uid !== undefined,
  });
}

export function useTopics(courseId: string, subjectId: string, chapterId: string | undefined) {
  const uid = useSession().user?.uid;
  return useQuery<Topic[]>({
    queryKey: keyOf(uid, courseId, 'subject', subjectId, 'chapter', chapterId ?? '', 'topics'),
    queryFn: ({ signal }) =>
      apiRequest(`${chapterApiPath(courseId, subjectId, chapterId ?? '')}/topics`, {
        schema: z.array(topicSchema),
        signal,
      }),
    enabled: uid !== undefined && chapterId !== undefined,
  });
}

/** A topic's markdown; null when it has none yet (the API answers 404). */
export function useContent(
  courseId: string,
  subjectId: string,
  chapterId: string | undefined,
  topicId: string | undefined,
) {
  const uid = useSession().user?.uid;
  return useQuery<string | null>({
    queryKey: keyOf(
      uid,
      courseId,
      'subject',
      subjectId,
      'chapter',
      chapterId ?? '',
      'topic',
      topicId ?? '',
      'content',
    ),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest(
          `${topicApiPath(courseId, subjectId, chapterId ?? '', topicId ?? '')}/content`,
          { schema: z.string(), signal },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: uid !== undefined && chapterId !== undefined && topicId !== undefined,
  });
}
