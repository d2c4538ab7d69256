import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The first message among `errors`, looking at `names` in order (by default every field; a
 * message about the whole form sits under the empty name).
 */
export function firstErrorMessage<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  names: readonly string[] = Object.keys(errors),
): string | undefined {
  for (const name of names) {
    const message = (errors as FieldErrors)[name]?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
