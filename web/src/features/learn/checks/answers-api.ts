import type { AnswerResult, LearnerAnswersInput } from '@coursecraft/contracts';
import { LEARN_TEXT } from '../learn-messages';

/** A check the server refused or that did not reach it; `message` is what the learner reads. */
export class CheckError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CheckError';
  }
}

const answersUrl = (slug: string, topicId: string) =>
  `/api/learn/${encodeURIComponent(slug)}/topics/${encodeURIComponent(topicId)}/answers`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The one result of `questionId` in an answer body; null when the body is not one. */
function resultOf(body: unknown, questionId: string): AnswerResult | null {
  if (!isRecord(body) || !Array.isArray(body.results)) return null;
  const result: unknown = body.results.find(
    (entry: unknown) => isRecord(entry) && entry.question_id === questionId,
  );
  if (
    !isRecord(result) ||
    !(typeof result.correct === 'boolean' || result.correct === null) ||
    typeof result.explanation_html !== 'string' ||
    !Array.isArray(result.feedback_html) ||
    !result.feedback_html.every((line) => typeof line === 'string') ||
    !(result.answer === null || isRecord(result.answer))
  ) {
    return null;
  }
  return result as AnswerResult;
}

/**
 * `POST /api/learn/{slug}/topics/{t}/answers` with one answer; answers its result. A refused
 * check (4xx) fails with the server's message, anything else with a message to try again.
 */
export async function postAnswer(
  slug: string,
  topicId: string,
  idToken: string,
  input: LearnerAnswersInput,
): Promise<AnswerResult> {
  const questionId = input.answers[0]?.question_id ?? '';
  let response: Response;
  try {
    response = await fetch(answersUrl(slug, topicId), {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new CheckError(0, LEARN_TEXT.network);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const result = resultOf(body, questionId);
    if (result) return result;
    throw new CheckError(response.status, LEARN_TEXT.checkFailed);
  }
  const refused = response.status >= 400 && response.status < 500;
  const serverMessage = isRecord(body) && typeof body.error === 'string' ? body.error : null;
  throw new CheckError(
    response.status,
    refused && serverMessage ? serverMessage : LEARN_TEXT.checkFailed,
  );
}

/** What a failed check tells the learner. */
export const checkFailureMessage = (error: unknown): string =>
  error instanceof CheckError ? error.message : LEARN_TEXT.checkFailed;
