import type { ReactNode } from 'react';
import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

/**
 * The props that bind an MUI text field to a react-hook-form field: its value and handlers, and
 * `message` (a validation message, or undefined) shown in place of `helperText`.
 */
export function boundFieldProps<Values extends FieldValues>(
  field: ControllerRenderProps<Values, FieldPath<Values>>,
  {
    message,
    helperText,
    disabled,
  }: { message?: string; helperText?: ReactNode; disabled?: boolean },
) {
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: disabled ?? field.disabled,
    error: message !== undefined,
    helperText: message ?? helperText,
  };
}
