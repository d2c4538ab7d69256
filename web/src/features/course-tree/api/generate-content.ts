import {
  apiErrorSchema,
  generatedLessonSchema,
  type GeneratedLesson,
  type Topic,
} from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, apiEventStream } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { patchItem } from '../lib/cache';
import { reportGenerationFailure } from '../lib/generation-errors';
import { courseTreeKeys, type SubjectRef, type TopicRef } from '../lib/keys';
import { GENERATION_TEXT } from '../lib/messages';
import { courseTreeApi } from './api-paths';

const lessonEvents = {
  chunk: z.object({ text: z.string() }),
  done: generatedLessonSchema,
  error: apiErrorSchema.extend({ status: z.number() }),
};

/**
 * Asks Gemini for a topic's lesson and hands each piece to `onChunk` as it is written; resolves
 * with the lesson as stored once the server has checked its citations and saved it (which may
 * differ from the pieces streamed), or rejects with the server's error.
 */
export async function streamLesson(
  ref: TopicRef,
  onChunk: (text: string) => void,
  instructions?: string,
): Promise<GeneratedLesson> {
  let stored: GeneratedLesson | undefined;
  let failure: ApiError | undefined;
  await apiEventStream(`${courseTreeApi.topic(ref)}/generate_content`, {
    body: { instructions },
    onEvent: ({ event, data }) => {
      if (event === 'chunk') onChunk(lessonEvents.chunk.parse(data).text);
      else if (event === 'done') stored = lessonEvents.done.parse(data);
      else if (event === 'error') {
        const { status, error, code, details } = lessonEvents.error.parse(data);
        failure = new ApiError(status, error, { serverMessage: error, code, details });
      }
    },
  });
  if (failure) throw failure;
  if (stored === undefined) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  return stored;
}

/** Logs a failed lesson generation and answers its message, which depends on whether a lesson existed. */
export function reportLessonFailure(error: unknown, hadContent: boolean): string {
  return reportGenerationFailure(
    error,
    hadContent ? GENERATION_TEXT.updateContentFailed : GENERATION_TEXT.generateContentFailed,
  );
}

/**
 * Generates one topic's lesson at a time for a subject (variables: chapter and topic ids). While
 * Gemini writes, `draftOf(topicId)` is the lesson so far, for the page to render live; the cache
 * takes the lesson once stored (the checked text, not the streamed one), the topic gets
 * has_content, the lesson's versions and what other features read from the course's lessons are
 * read again. `removedCitationsOf(topicId)` is how many citations the check took out of the
 * topic's last generated lesson (0 until one is generated, and again once dismissed).
 */
export function useGenerateContent(subject: SubjectRef) {
  const scope = useUserScope();
  const [draft, setDraft] = useState<{ topicId: string; text: string } | null>(null);
  const [removed, setRemoved] = useState<{ topicId: string; count: number } | null>(null);
  const mutation = useMutation({
    mutationKey: ['course-tree', 'generate-content'],
    mutationFn: ({
      chapterId,
      topicId,
      instructions,
    }: {
      chapterId: string;
      topicId: string;
      instructions?: string;
    }) => {
      setDraft({ topicId, text: '' });
      setRemoved(null);
      return streamLesson(
        { ...subject, chapterId, topicId },
        (text) =>
          setDraft((current) =>
            current?.topicId === topicId ? { topicId, text: current.text + text } : current,
          ),
        instructions,
      );
    },
    onSuccess: async ({ content, removed_citations }, { chapterId, topicId }) => {
      const ref = { ...subject, chapterId, topicId };
      scope.setData(courseTreeKeys.content(ref), content);
      scope.setData(
        courseTreeKeys.topics(ref),
        patchItem(topicId, (topic: Topic) => ({ ...topic, has_content: true })),
      );
      setRemoved({ topicId, count: removed_citations });
      await Promise.all([
        scope.invalidate(courseTreeKeys.topics(ref), { exact: true }),
        scope.invalidate(courseTreeKeys.lessonVersions(ref), { exact: true }),
        scope.invalidate(courseTreeKeys.fromLessons(subject.courseId)),
      ]);
    },
    onSettled: () => setDraft(null),
  });
  return {
    mutation,
    /** The lesson streamed so far for `topicId`; null when it is not being written. */
    draftOf: (topicId: string | null) =>
      draft !== null && draft.topicId === topicId ? draft.text : null,
    removedCitationsOf: (topicId: string | null) =>
      removed !== null && removed.topicId === topicId ? removed.count : 0,
    dismissRemovedCitations: () => setRemoved(null),
  };
}
