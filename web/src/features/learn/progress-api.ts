import { LEARN_TEXT } from './learn-messages';

/**
 * A refused or failed call of the learner API. `message` is what the learner reads: the server's
 * word on a refused write (too many updates, topics no longer in the course), else to try again.
 */
export class ProgressError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProgressError';
  }
}

/** A learner's standing at one chapter quiz, as the course page shows it. */
export interface QuizStandingView {
  chapterId: string;
  /** null before a first submitted attempt. */
  bestScore: number | null;
  passed: boolean;
}

/** What `GET|PUT /api/learn/{slug}/progress` answer. */
export interface ProgressState {
  completedTopicIds: string[];
  quizzes: QuizStandingView[];
  courseCompleted: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The readable quiz standings of a progress answer (a malformed entry is left out). */
function standingsOf(quizzes: unknown): QuizStandingView[] {
  if (!Array.isArray(quizzes)) return [];
  return quizzes.flatMap((entry: unknown) =>
    isRecord(entry) &&
    typeof entry.chapter_id === 'string' &&
    (typeof entry.best_score === 'number' || entry.best_score === null) &&
    typeof entry.passed === 'boolean'
      ? [{ chapterId: entry.chapter_id, bestScore: entry.best_score, passed: entry.passed }]
      : [],
  );
}

const progressUrl = (slug: string) => `/api/learn/${encodeURIComponent(slug)}/progress`;

async function progressOf(response: Response): Promise<ProgressState> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const ids = isRecord(body) ? body.completed_topic_ids : null;
    if (isRecord(body) && Array.isArray(ids) && ids.every((id) => typeof id === 'string')) {
      return {
        completedTopicIds: ids,
        quizzes: standingsOf(body.quizzes),
        courseCompleted: body.course_completed === true,
      };
    }
    throw new ProgressError(response.status, LEARN_TEXT.saveFailed);
  }
  const refused = response.status >= 400 && response.status < 500;
  const serverMessage =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : null;
  throw new ProgressError(
    response.status,
    refused && serverMessage ? serverMessage : LEARN_TEXT.saveFailed,
  );
}

/** `GET /api/learn/{slug}/progress`: the learner's completed topics, quiz standings, completion. */
export async function fetchProgressState(slug: string, idToken: string): Promise<ProgressState> {
  const response = await fetch(progressUrl(slug), {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return progressOf(response);
}

/** `GET /api/learn/{slug}/progress`: the learner's completed topic ids. */
export const fetchProgress = async (slug: string, idToken: string): Promise<string[]> =>
  (await fetchProgressState(slug, idToken)).completedTopicIds;

/** `PUT /api/learn/{slug}/progress`: replaces the learner's completed set; answers the stored one. */
export async function saveProgress(
  slug: string,
  idToken: string,
  completedTopicIds: readonly string[],
): Promise<string[]> {
  const response = await fetch(progressUrl(slug), {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ completed_topic_ids: completedTopicIds }),
    // A learner often presses Next or reloads right after Mark as complete: the save survives.
    keepalive: true,
  });
  return (await progressOf(response)).completedTopicIds;
}

/** What a failed save tells the learner. */
export function saveFailureMessage(error: unknown): string {
  return error instanceof ProgressError ? error.message : LEARN_TEXT.saveFailed;
}
