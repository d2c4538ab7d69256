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

const progressUrl = (slug: string) => `/api/learn/${encodeURIComponent(slug)}/progress`;

async function completedOf(response: Response): Promise<string[]> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const ids =
      typeof body === 'object' && body !== null && 'completed_topic_ids' in body
        ? body.completed_topic_ids
        : null;
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return ids;
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

/** `GET /api/learn/{slug}/progress`: the learner's completed topic ids. */
export async function fetchProgress(slug: string, idToken: string): Promise<string[]> {
  const response = await fetch(progressUrl(slug), {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return completedOf(response);
}

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
  return completedOf(response);
}

/** What a failed save tells the learner. */
export function saveFailureMessage(error: unknown): string {
  return error instanceof ProgressError ? error.message : LEARN_TEXT.saveFailed;
}
