import type { QuizAttempt, QuizResult, QuizSubmission } from '@coursecraft/contracts';
import { QUIZ_TEXT } from './quiz-messages';

/** A refused or failed quiz call; `message` is what the learner reads, `code` the server's. */
export class QuizError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'QuizError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The learner's message for each error code the quiz routes answer. */
const CODE_MESSAGES: Record<string, string> = {
  NO_ATTEMPTS_LEFT: QUIZ_TEXT.noAttemptsLeft,
  ATTEMPT_SUBMITTED: QUIZ_TEXT.alreadySubmitted,
};

const attemptsUrl = (slug: string, chapterId: string) =>
  `/api/learn/${encodeURIComponent(slug)}/chapters/${encodeURIComponent(chapterId)}/attempts`;

async function post(url: string, idToken: string, body: unknown, failed: string) {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new QuizError(0, null, QUIZ_TEXT.network);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(answer)) return answer;
  const code = isRecord(answer) && typeof answer.code === 'string' ? answer.code : null;
  const serverMessage = isRecord(answer) && typeof answer.error === 'string' ? answer.error : null;
  const refused = response.status >= 400 && response.status < 500;
  const known = code ? CODE_MESSAGES[code] : undefined;
  throw new QuizError(
    response.status,
    code,
    known ?? (refused && serverMessage ? serverMessage : failed),
  );
}

/** `POST …/chapters/{ch}/attempts`: a new attempt, or the learner's open one. */
export async function startAttempt(
  slug: string,
  chapterId: string,
  idToken: string,
): Promise<QuizAttempt> {
  const body = await post(attemptsUrl(slug, chapterId), idToken, {}, QUIZ_TEXT.startFailed);
  if (typeof body.attempt_id !== 'string' || !Array.isArray(body.questions)) {
    throw new QuizError(200, null, QUIZ_TEXT.startFailed);
  }
  return body as QuizAttempt;
}

/** `POST …/attempts/{a}/submit`: the graded attempt. */
export async function submitAttempt(
  slug: string,
  chapterId: string,
  attemptId: string,
  idToken: string,
  submission: QuizSubmission,
): Promise<QuizResult> {
  const url = `${attemptsUrl(slug, chapterId)}/${encodeURIComponent(attemptId)}/submit`;
  const body = await post(url, idToken, submission, QUIZ_TEXT.submitFailed);
  if (typeof body.score !== 'number' || !Array.isArray(body.results)) {
    throw new QuizError(200, null, QUIZ_TEXT.submitFailed);
  }
  return body as QuizResult;
}

export const quizFailureMessage = (error: unknown, fallback: string): string =>
  error instanceof QuizError ? error.message : fallback;
