import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordField } from '../ui/PasswordField';
import { boundFieldProps } from './bound-field-props';

/**
 * A password field with a show/hide toggle, bound to a react-hook-form field. Its message shows
 * once the field has been touched or the form submitted. `deps` are fields checked again when
 * this one changes (a confirmation that must match it); their messages follow the same rule.
 */
export function FormPasswordField<Values extends FieldValues>({
  control,
  name,
  deps,
  helperText,
  ...props
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  deps?: FieldPath<Values>[];
} & Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'error' | 'type'>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState, formState }) => {
        const error =
          fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
        return (
          <PasswordField
            {...props}
            {...boundFieldProps(field, { message: error, helperText, disabled: props.disabled })}
          />
        );
      }}
    />
  );
}
