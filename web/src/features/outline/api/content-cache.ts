import type { Topic } from '@coursecraft/contracts';
import { patchItem } from '../../../lib/course-tree/cache';
import { courseTreeKeys, type TopicRef } from '../../../lib/course-tree/keys';
import type { UserScope } from '../../../lib/user-query';

/**
 * After a lesson was written, replaced or deleted: the cached lesson becomes `content` and the
 * topic's dot follows at once; the topic list is then fetched again.
 */
export function showContent(scope: UserScope, ref: TopicRef, content: string | null) {
  scope.setData(courseTreeKeys.content(ref), content);
  scope.setData(
    courseTreeKeys.topics(ref),
    patchItem(ref.topicId, (topic: Topic) => ({ ...topic, has_content: content !== null })),
  );
  return scope.invalidate(courseTreeKeys.topics(ref), { exact: true });
}
