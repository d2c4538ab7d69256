import { questionSchema, type Question, type QuestionInput } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { patchQuestions, questionsApi, type TopicIds } from './questions-keys';

/** `PUT .../topics/{t}/questions/{q}`: the whole question, which becomes the author's. */
export async function updateQuestion(
  topic: TopicIds,
  questionId: string,
  input: QuestionInput,
): Promise<Question> {
  return apiRequest(questionsApi.one(topic, questionId), {
    method: 'PUT',
    body: input,
    schema: questionSchema,
  });
}

/** Edit: the saved question replaces its old self in the cached list, in its place. */
export function useUpdateQuestion(topic: TopicIds) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ questionId, input }: { questionId: string; input: QuestionInput }) =>
      updateQuestion(topic, questionId, input),
    onSuccess: (saved) =>
      patchQuestions(scope, topic, (list) =>
        list.map((question) => (question.id === saved.id ? saved : question)),
      ),
  });
}
