import { HttpError } from '../../lib/http-error';

/** The one answer for an unknown slug, an unpublished one and a topic it does not have. */
export const LEARN_NOT_FOUND = 'Not found';

export function notFound(): never {
  throw new HttpError(404, 'NOT_FOUND', LEARN_NOT_FOUND);
}
