import { randomInt } from 'node:crypto';
import { documentIdSchema, QUESTION_MESSAGES } from '@coursecraft/contracts';
import { HttpError } from '../../lib/http-error';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 20;

/** A new id of 20 random letters and digits, for a question or one of its options or steps. */
export function newQuestionId(): string {
  let id = '';
  for (let i = 0; i < ID_LENGTH; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** A question id from a route's path; a malformed one is the question's 404, before any read. */
export function questionIdOf(params: { questionId?: string }): string {
  const parsed = documentIdSchema.safeParse(params.questionId);
  if (!parsed.success) throw new HttpError(404, 'NOT_FOUND', QUESTION_MESSAGES.notFound);
  return parsed.data;
}
