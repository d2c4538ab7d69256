import type * as z from 'zod';
import { HttpError } from './http-error';

const ISSUES_SHOWN = 3;

/** A readable message from the first validation issues, e.g. "name: Too big: expected ...". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, ISSUES_SHOWN)
    .map((issue) =>
      issue.path.length > 0
        ? `${issue.path.map(String).join('.')}: ${issue.message}`
        : issue.message,
    )
    .join('; ');
}

/** Each failing field's dotted path ('' for the input itself) → its first issue's message. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!fields.has(path)) fields.set(path, issue.message);
  }
  // fromEntries defines own properties, so a client's key like `__proto__` stays a plain key.
  return Object.fromEntries(fields);
}

/** The 400 `VALIDATION` of input refused by a schema, naming the fields. */
export function validationError(error: z.ZodError): HttpError {
  return new HttpError(400, 'VALIDATION', describeZodError(error), {
    details: { fields: zodFields(error) },
  });
}

/** Parses client input (a body, params, a query) with `schema`, or throws a 400 naming the field. */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
