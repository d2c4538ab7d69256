import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { boundFieldProps } from './bound-field-props';

/**
 * An MUI text field bound to a react-hook-form field: its value, its touched state and its
 * validation message (shown under the field, and announced through `aria-describedby`).
 */
export function FormTextField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  helperText,
  ...props
}: { control: Control<Values, unknown, Transformed>; name: FieldPath<Values> } & Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'error'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...boundFieldProps(field, {
            message: fieldState.error?.message,
            helperText,
            disabled: props.disabled,
          })}
        />
      )}
    />
  );
}
