import { learnerLessonSchema, type LearnerLesson } from '@coursecraft/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { learnApi, learnKeys } from '../learn-keys';

/** `GET /api/learn/{slug}/topics/{t}?v={version}`: one lesson of that snapshot; public. */
export function fetchLearnerLesson(
  slug: string,
  topicId: string,
  version: number,
  signal?: AbortSignal,
): Promise<LearnerLesson> {
  return apiRequest(learnApi.lesson(slug, topicId, version), {
    schema: learnerLessonSchema,
    sendToken: false,
    signal,
  });
}

export const learnerLessonQueryOptions = (slug: string, topicId: string, version: number) =>
  queryOptions({
    queryKey: learnKeys.lesson(slug, topicId, version),
    queryFn: ({ signal }) => fetchLearnerLesson(slug, topicId, version, signal),
  });

/**
 * The lesson of a topic of the course's snapshot `version` (always the version of the course on
 * screen); waits while the course, and so the version, is not known. A lesson the server no
 * longer has at that version means the author has published again since the course was read:
 * the course is read again, and its new version brings lessons of that version.
 */
export function useLearnerLesson(slug: string, topicId: string, version: number | undefined) {
  const queryClient = useQueryClient();
  const lesson = useQuery({
    ...learnerLessonQueryOptions(slug, topicId, version ?? 0),
    enabled: version !== undefined,
  });
  const gone = lesson.error instanceof ApiError && lesson.error.status === 404;
  useEffect(() => {
    if (gone) void queryClient.invalidateQueries({ queryKey: learnKeys.course(slug), exact: true });
  }, [gone, queryClient, slug, version]);
  return lesson;
}
