import { topicQuestionsSchema, type Question } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { patchQuestions, questionsApi, storeQuestions, type TopicIds } from './questions-keys';

/** `PUT .../topics/{t}/questions/order`: every question's id, in the new order. */
export async function reorderQuestions(topic: TopicIds, ids: string[]): Promise<Question[]> {
  const { questions } = await apiRequest(questionsApi.order(topic), {
    method: 'PUT',
    body: { ids },
    schema: topicQuestionsSchema,
  });
  return questions;
}

/** The list in the order `ids` (questions not named keep their place at the end). */
function inOrder(list: Question[], ids: string[]): Question[] {
  const byId = new Map(list.map((question) => [question.id, question]));
  const named = ids.flatMap((id) => byId.get(id) ?? []);
  return [...named, ...list.filter((question) => !ids.includes(question.id))];
}

/**
 * Reorder: the list shows the new order at once; the server's answer replaces it, and a failure
 * puts the order before back.
 */
export function useReorderQuestions(topic: TopicIds) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ ids }: { ids: string[]; previousIds: string[] }) => reorderQuestions(topic, ids),
    onMutate: ({ ids }) => patchQuestions(scope, topic, (list) => inOrder(list, ids)),
    onSuccess: (questions) => storeQuestions(scope, topic, questions),
    onError: (_error, { previousIds }) =>
      patchQuestions(scope, topic, (list) => inOrder(list, previousIds)),
  });
}
