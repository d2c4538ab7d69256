import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormPasswordField } from './FormPasswordField';

/**
 * New Password and Confirm Password, each with its show/hide toggle; the confirmation is checked
 * again whenever the new password changes.
 */
export function NewPasswordFields<Values extends FieldValues>({
  control,
  name,
  confirmName,
}: {
  control: Control<Values>;
  /** The new password's field. */
  name: FieldPath<Values>;
  confirmName: FieldPath<Values>;
}) {
  return (
    <>
      <FormPasswordField
        control={control}
        name={name}
        deps={[confirmName]}
        label="New Password"
        autoComplete="new-password"
        helperText=" "
        fullWidth
      />
      <FormPasswordField
        control={control}
        name={confirmName}
        label="Confirm Password"
        autoComplete="new-password"
        helperText=" "
        fullWidth
      />
    </>
  );
}
