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
import { ApiError, NETWORK_ERROR_MESSAGE, apiEventStream, apiRequest } from '../../lib/api-client';
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

/**
 * Keys below the course's key, so invalidating the course list refreshes them all; a chapter's
 * topics and their contents sit below the chapter's key.
 */
export const outlineKeys = {
  subject: (uid: string | undefined, courseId: string, subjectId: string) =>
    [...courseKeys.one(uid, courseId), 'subject', subjectId] as const,
  chapters: (uid: string | undefined, courseId: string, subjectId: string) =>
    [...outlineKeys.subject(uid, courseId, subjectId), 'chapters'] as const,
  chapter: (uid: string | undefined, courseId: string, subjectId: string, chapterId: string) =>
    [...outlineKeys.subject(uid, courseId, subjectId), 'chapter', chapterId] as const,
  topics: (uid: string | undefined, courseId: string, subjectId: string, chapterId: string) =>
    [...outlineKeys.chapter(uid, courseId, subjectId, chapterId), 'topics'] as const,
  content: (
    uid: string | undefined,
    courseId: string,
    subjectId: string,
    chapterId: string,
    topicId: string,
  ) => [...outlineKeys.chapter(uid, courseId, subjectId, chapterId), 'topic', topicId] as const,
};

export function fetchTopics(
  courseId: string,
  subjectId: string,
  chapterId: string,
  signal?: AbortSignal,
): Promise<Topic[]> {
  return apiRequest(`${chapterApiPath(courseId, subjectId, chapterId)}/topics`, {
    schema: z.array(topicSchema),
    signal,
  });
}

export function useSubject(courseId: string, subjectId: string) {
  const uid = useSession().user?.uid;
  return useQuery<Subject>({
    queryKey: outlineKeys.subject(uid, courseId, subjectId),
    queryFn: ({ signal }) =>
      apiRequest(subjectApiPath(courseId, subjectId), { schema: subjectSchema, signal }),
    enabled: uid !== undefined,
  });
}

export function useChapters(courseId: string, subjectId: string) {
  const uid = useSession().user?.uid;
  return useQuery<Chapter[]>({
    queryKey: outlineKeys.chapters(uid, courseId, subjectId),
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
    queryKey: outlineKeys.topics(uid, courseId, subjectId, chapterId ?? ''),
    queryFn: ({ signal }) => fetchTopics(courseId, subjectId, chapterId ?? '', signal),
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
    queryKey: outlineKeys.content(uid, courseId, subjectId, chapterId ?? '', topicId ?? ''),
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

const lessonEvents = {
  chunk: z.object({ text: z.string() }),
  done: z.object({ content: z.string() }),
  error: z.object({ status: z.number(), error: z.string() }),
};

/**
 * Asks Gemini for a topic's lesson and hands each piece to `onChunk` as it is written; resolves
 * with the lesson as stored once the server has saved it, or rejects with the server's error.
 */
export async function streamLesson(
  courseId: string,
  subjectId: string,
  chapterId: string,
  topicId: string,
  onChunk: (text: string) => void,
): Promise<string> {
  let stored: string | undefined;
  let failure: ApiError | undefined;
  await apiEventStream(
    `${topicApiPath(courseId, subjectId, chapterId, topicId)}/generate_content`,
    {
      body: {},
      onEvent: ({ event, data }) => {
        if (event === 'chunk') onChunk(lessonEvents.chunk.parse(data).text);
        else if (event === 'done') stored = lessonEvents.done.parse(data).content;
        else if (event === 'error') {
          const { status, error } = lessonEvents.error.parse(data);
          failure = new ApiError(status, error, error);
        }
      },
    },
  );
  if (failure) throw failure;
  if (stored === undefined) throw new ApiError(0, NETWORK_ERROR_MESSAGE, undefined);
  return stored;
}
