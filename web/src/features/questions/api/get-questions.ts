import { topicQuestionsSchema, type Question } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { questionsApi, questionsKey, type TopicIds } from './questions-keys';

/** `GET .../topics/{t}/questions`: the topic's questions in order, keys included. */
export async function fetchQuestions(topic: TopicIds, signal?: AbortSignal): Promise<Question[]> {
  const { questions } = await apiRequest(questionsApi.list(topic), {
    schema: topicQuestionsSchema,
    signal,
  });
  return questions;
}

export const questionsQueryOptions = (topic: TopicIds) =>
  queryOptions({
    queryKey: questionsKey(topic),
    queryFn: ({ signal }) => fetchQuestions(topic, signal),
  });

/** The signed-in author's questions of one topic. */
export function useQuestions(topic: TopicIds) {
  return useUserQuery(questionsQueryOptions(topic));
}
