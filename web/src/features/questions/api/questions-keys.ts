import type { Question } from '@coursecraft/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { courseTreeKeys } from '../../course-tree';
import type { UserScope } from '../../../lib/user-query';

/** The ids naming one topic. */
export interface TopicIds {
  courseId: string;
  subjectId: string;
  chapterId: string;
  topicId: string;
}

const id = encodeURIComponent;

const topicPath = ({ courseId, subjectId, chapterId, topicId }: TopicIds) =>
  `/courses/${id(courseId)}/subjects/${id(subjectId)}/chapters/${id(chapterId)}/topics/${id(topicId)}`;

/** API paths (below /api) of a topic's questions. */
export const questionsApi = {
  list: (topic: TopicIds) => `${topicPath(topic)}/questions`,
  one: (topic: TopicIds, questionId: string) => `${topicPath(topic)}/questions/${id(questionId)}`,
  order: (topic: TopicIds) => `${topicPath(topic)}/questions/order`,
  generate: (topic: TopicIds) => `${topicPath(topic)}/generate_questions`,
};

/**
 * The cache key of a topic's questions, below the topic's place in the course tree's keys so
 * that removing a deleted topic, chapter or course drops its questions too.
 */
export const questionsKey = (topic: TopicIds): QueryKey => [
  ...courseTreeKeys.chapter(topic),
  'topic',
  topic.topicId,
  'questions',
];

/** Puts `questions` in the cache as the topic's list, so the section shows them at once. */
export function storeQuestions(scope: UserScope, topic: TopicIds, questions: Question[]) {
  scope.setData<Question[]>(questionsKey(topic), questions);
}

/** Changes the cached list with `change` (nothing when the list is not cached). */
export function patchQuestions(
  scope: UserScope,
  topic: TopicIds,
  change: (questions: Question[]) => Question[],
) {
  scope.setData<Question[]>(questionsKey(topic), (current) => current && change(current));
}
