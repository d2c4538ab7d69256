import { HttpError } from '../../lib/http-error';
import type { LessonWriteOutcome } from './outline-types';
import { OUTLINE_NOT_FOUND } from './owned-outline';

export const CONTENT_MESSAGES = {
  notFound: 'Content not found',
  exists: 'This topic already has content; update it instead.',
} as const;

/**
 * The answer to a lesson write that did not happen: 409 when the topic already has a lesson (a
 * create), 404 when the topic was deleted after the ownership check.
 */
export function expectLessonWritten(outcome: LessonWriteOutcome): void {
  if (outcome === 'exists') throw new HttpError(409, 'CONFLICT', CONTENT_MESSAGES.exists);
  if (outcome === 'topicGone') throw new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND.topicId);
}
