import {
  chapterSchema,
  contentResponseSchema,
  topicSchema,
  type Chapter,
  type Topic,
} from '@coursecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import {
  chapterApiPath,
  outlineKeys,
  streamLesson,
  subjectApiPath,
  topicApiPath,
} from './outline-api';
import { subjectKeys } from './subjects-api';

const messageSchema = z.object({ message: z.string() });

/**
 * Chapter, topic and content mutations of one subject. Each updates the cached lists it changes
 * at once (so dots and names change without waiting) and then refetches them from the server.
 */
export function useOutlineMutations(courseId: string, subjectId: string) {
  const queryClient = useQueryClient();
  const uid = useSession().user?.uid;
  const keys = {
    subject: outlineKeys.subject(uid, courseId, subjectId),
    chapters: outlineKeys.chapters(uid, courseId, subjectId),
    chapter: (chapterId: string) => outlineKeys.chapter(uid, courseId, subjectId, chapterId),
    topics: (chapterId: string) => outlineKeys.topics(uid, courseId, subjectId, chapterId),
    content: (chapterId: string, topicId: string) =>
      outlineKeys.content(uid, courseId, subjectId, chapterId, topicId),
  };
  const refetch = (queryKey: readonly unknown[]) =>
    queryClient.invalidateQueries({ queryKey, exact: true });
  /** has_chapters of the subject shows on the subject and subjects screens. */
  const refetchSubject = () =>
    Promise.all([refetch(keys.subject), refetch(subjectKeys.list(uid, courseId))]);
  const patchTopics = (chapterId: string, patch: (topics: Topic[]) => Topic[]) =>
    queryClient.setQueryData<Topic[]>(keys.topics(chapterId), (topics) =>
      topics ? patch(topics) : topics,
    );
  const markContent = (chapterId: string, topicId: string, hasContent: boolean) =>
    patchTopics(chapterId, (topics) =>
      topics.map((topic) => (topic.id === topicId ? { ...topic, has_content: hasContent } : topic)),
    );

  const chaptersPath = `${subjectApiPath(courseId, subjectId)}/chapters`;
  const contentPath = (chapterId: string, topicId: string) =>
    `${topicApiPath(courseId, subjectId, chapterId, topicId)}/content`;

  return {
    createChapter: useMutation({
      mutationFn: (name: string) =>
        apiRequest(chaptersPath, { method: 'POST', body: { name }, schema: chapterSchema }),
      onSuccess: async (chapter) => {
        queryClient.setQueryData<Chapter[]>(keys.chapters, (chapters) =>
          chapters ? [...chapters, chapter] : chapters,
        );
        await Promise.all([refetch(keys.chapters), refetchSubject()]);
      },
    }),
    renameChapter: useMutation({
      mutationFn: ({ chapterId, name }: { chapterId: string; name: string }) =>
        apiRequest(chapterApiPath(courseId, subjectId, chapterId), {
          method: 'PUT',
          body: { name },
          schema: chapterSchema,
        }),
      onSuccess: async (chapter) => {
        queryClient.setQueryData<Chapter[]>(keys.chapters, (chapters) =>
          chapters?.map((item) => (item.id === chapter.id ? chapter : item)),
        );
        await refetch(keys.chapters);
      },
    }),
    deleteChapter: useMutation({
      mutationFn: (chapterId: string) =>
        apiRequest(chapterApiPath(courseId, subjectId, chapterId), {
          method: 'DELETE',
          schema: messageSchema,
        }),
      onSuccess: async (_answer, chapterId) => {
        queryClient.setQueryData<Chapter[]>(keys.chapters, (chapters) =>
          chapters?.filter((item) => item.id !== chapterId),
        );
        queryClient.removeQueries({ queryKey: keys.chapter(chapterId) });
        await Promise.all([refetch(keys.chapters), refetchSubject()]);
      },
    }),

    /** Gemini plans (or re-plans, replacing them) the subject's chapters. */
    generateChapters: useMutation({
      mutationFn: () =>
        apiRequest(`${subjectApiPath(courseId, subjectId)}/generate_chapters`, {
          method: 'POST',
          body: {},
          schema: z.array(chapterSchema),
        }),
      onSuccess: async (chapters) => {
        queryClient.setQueryData<Chapter[]>(keys.chapters, chapters);
        await refetchSubject();
      },
    }),
    /** Gemini lists (or re-lists, replacing them) a chapter's topics. */
    generateTopics: useMutation({
      mutationFn: (chapterId: string) =>
        apiRequest(`${chapterApiPath(courseId, subjectId, chapterId)}/generate_topics`, {
          method: 'POST',
          body: {},
          schema: z.array(topicSchema),
        }),
      onSuccess: async (topics, chapterId) => {
        queryClient.removeQueries({ queryKey: keys.chapter(chapterId) });
        queryClient.setQueryData<Topic[]>(keys.topics(chapterId), topics);
        queryClient.setQueryData<Chapter[]>(keys.chapters, (chapters) =>
          chapters?.map((item) =>
            item.id === chapterId ? { ...item, has_topics: topics.length > 0 } : item,
          ),
        );
        await refetch(keys.chapters);
      },
    }),

    createTopic: useMutation({
      mutationFn: ({ chapterId, name }: { chapterId: string; name: string }) =>
        apiRequest(`${chapterApiPath(courseId, subjectId, chapterId)}/topics`, {
          method: 'POST',
          body: { name },
          schema: topicSchema,
        }),
      onSuccess: async (topic, { chapterId }) => {
        patchTopics(chapterId, (topics) => [...topics, topic]);
        queryClient.setQueryData<Chapter[]>(keys.chapters, (chapters) =>
          chapters?.map((item) => (item.id === chapterId ? { ...item, has_topics: true } : item)),
        );
        await Promise.all([refetch(keys.topics(chapterId)), refetch(keys.chapters)]);
      },
    }),
    renameTopic: useMutation({
      mutationFn: ({
        chapterId,
        topicId,
        name,
      }: {
        chapterId: string;
        topicId: string;
        name: string;
      }) =>
        apiRequest(topicApiPath(courseId, subjectId, chapterId, topicId), {
          method: 'PUT',
          body: { name },
          schema: topicSchema,
        }),
      onSuccess: async (topic, { chapterId }) => {
        patchTopics(chapterId, (topics) =>
          topics.map((item) => (item.id === topic.id ? topic : item)),
        );
        await refetch(keys.topics(chapterId));
      },
    }),
    deleteTopic: useMutation({
      mutationFn: ({ chapterId, topicId }: { chapterId: string; topicId: string }) =>
        apiRequest(topicApiPath(courseId, subjectId, chapterId, topicId), {
          method: 'DELETE',
          schema: messageSchema,
        }),
      onSuccess: async (_answer, { chapterId, topicId }) => {
        patchTopics(chapterId, (topics) => topics.filter((item) => item.id !== topicId));
        queryClient.removeQueries({ queryKey: keys.content(chapterId, topicId) });
        await Promise.all([refetch(keys.topics(chapterId)), refetch(keys.chapters)]);
      },
    }),

    /** Creates the topic's first content, or replaces it when `replace` is set. */
    saveContent: useMutation({
      mutationFn: ({
        chapterId,
        topicId,
        content,
        replace,
      }: {
        chapterId: string;
        topicId: string;
        content: string;
        replace: boolean;
      }) =>
        apiRequest(contentPath(chapterId, topicId), {
          method: replace ? 'PUT' : 'POST',
          body: { content },
          schema: contentResponseSchema,
        }),
      onSuccess: async ({ content }, { chapterId, topicId }) => {
        queryClient.setQueryData<string | null>(keys.content(chapterId, topicId), content);
        markContent(chapterId, topicId, true);
        await refetch(keys.topics(chapterId));
      },
    }),
    /** Gemini writes the lesson, streamed to `onChunk`; the cache takes it once stored. */
    generateContent: useMutation({
      mutationFn: ({
        chapterId,
        topicId,
        onChunk,
      }: {
        chapterId: string;
        topicId: string;
        onChunk: (text: string) => void;
      }) => streamLesson(courseId, subjectId, chapterId, topicId, onChunk),
      onSuccess: async (content, { chapterId, topicId }) => {
        queryClient.setQueryData<string | null>(keys.content(chapterId, topicId), content);
        markContent(chapterId, topicId, true);
        await refetch(keys.topics(chapterId));
      },
    }),
    deleteContent: useMutation({
      mutationFn: ({ chapterId, topicId }: { chapterId: string; topicId: string }) =>
        apiRequest(contentPath(chapterId, topicId), { method: 'DELETE', schema: messageSchema }),
      onSuccess: async (_answer, { chapterId, topicId }) => {
        queryClient.setQueryData<string | null>(keys.content(chapterId, topicId), null);
        markContent(chapterId, topicId, false);
        await refetch(keys.topics(chapterId));
      },
    }),
  };
}

export type OutlineMutations = ReturnType<typeof useOutlineMutations>;
