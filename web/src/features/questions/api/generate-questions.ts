import {
  questionGenerationResultSchema,
  type GenerateQuestionsInput,
  type QuestionGenerationResult,
} from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { questionsApi, storeQuestions, type TopicIds } from './questions-keys';

/**
 * `POST .../topics/{t}/generate_questions`: Gemini's questions on the lesson, added after the
 * others (or, in `replace` mode, instead of the generated ones), with the message to show.
 */
export async function generateQuestions(
  topic: TopicIds,
  input: GenerateQuestionsInput = {},
): Promise<QuestionGenerationResult> {
  return apiRequest(questionsApi.generate(topic), {
    method: 'POST',
    body: input,
    schema: questionGenerationResultSchema,
  });
}

/** Generate Questions and Regenerate with instructions: the answer's list replaces the cached one. */
export function useGenerateQuestions(topic: TopicIds) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (input: GenerateQuestionsInput) => generateQuestions(topic, input),
    onSuccess: (result) => storeQuestions(scope, topic, result.questions),
  });
}
