import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type * as z from 'zod';

/**
 * A react-hook-form form validated by a zod schema (usually one from `@coursecraft/contracts`,
 * so the browser and the API check the same rules with the same messages). `handleSubmit` hands
 * over the schema's output: trimmed, defaulted, typed.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}
