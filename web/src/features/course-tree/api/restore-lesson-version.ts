import { contentResponseSchema, type Topic } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { patchItem } from '../lib/cache';
import { courseTreeKeys, type TopicRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

/** Makes an older version the topic's lesson (recorded as a new 'restored' version). */
export function restoreLessonVersion(ref: TopicRef, versionId: string) {
  return apiRequest(courseTreeApi.restoreLessonVersion(ref, versionId), {
    method: 'POST',
    schema: contentResponseSchema,
  });
}

/**
 * Restores a version of one topic's lesson: the cached lesson becomes the restored text, the
 * topic has content, and the versions and the topic list are read again (resolves once the
 * versions are, so the history shows the new current version).
 */
export function useRestoreLessonVersion(ref: TopicRef) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (versionId: string) => restoreLessonVersion(ref, versionId),
    onSuccess: async ({ content }) => {
      scope.setData(courseTreeKeys.content(ref), content);
      scope.setData(
        courseTreeKeys.topics(ref),
        patchItem(ref.topicId, (topic: Topic) => ({ ...topic, has_content: true })),
      );
      await Promise.all([
        scope.invalidate(courseTreeKeys.topics(ref), { exact: true }),
        scope.invalidate(courseTreeKeys.lessonVersions(ref), { exact: true }),
      ]);
    },
  });
}
