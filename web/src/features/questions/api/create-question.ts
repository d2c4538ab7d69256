import { questionSchema, type Question, type QuestionInput } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { patchQuestions, questionsApi, type TopicIds } from './questions-keys';

/** `POST .../topics/{t}/questions`: a question written by hand, added after the others. */
export async function createQuestion(topic: TopicIds, input: QuestionInput): Promise<Question> {
  return apiRequest(questionsApi.list(topic), {
    method: 'POST',
    body: input,
    schema: questionSchema,
  });
}

/** Add Question: the new question joins the cached list when the server has it. */
export function useCreateQuestion(topic: TopicIds) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (input: QuestionInput) => createQuestion(topic, input),
    onSuccess: (question) => patchQuestions(scope, topic, (list) => [...list, question]),
  });
}
