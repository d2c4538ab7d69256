import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { patchQuestions, questionsApi, type TopicIds } from './questions-keys';

/** `DELETE .../topics/{t}/questions/{q}`. */
export function deleteQuestion(topic: TopicIds, questionId: string): Promise<void> {
  return apiNoContent(questionsApi.one(topic, questionId), { method: 'DELETE' });
}

/** Delete: the question leaves the cached list once the server has deleted it. */
export function useDeleteQuestion(topic: TopicIds) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (questionId: string) => deleteQuestion(topic, questionId),
    onSuccess: (_nothing, questionId) =>
      patchQuestions(scope, topic, (list) => list.filter((question) => question.id !== questionId)),
  });
}
