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

/** Parses client input (a body, params, a query) with `schema`, or throws a 400 naming the field. */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data;
}
