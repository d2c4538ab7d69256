import type { RegisterRequest } from '@coursecraft/contracts';
import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { FormPasswordField } from './FormPasswordField';
import { FormTextField } from './FormTextField';

/** First and last name side by side (stacked on phones), e-mail and a new password. */
export function SignUpFields({
  control,
  disabled,
}: {
  control: Control<RegisterRequest>;
  disabled?: boolean;
}) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="first_name"
          label="First Name"
          autoComplete="given-name"
          required
          fullWidth
          disabled={disabled}
        />
        <FormTextField
          control={control}
          name="last_name"
          label="Last Name"
          autoComplete="family-name"
          required
          fullWidth
          disabled={disabled}
        />
      </Stack>
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        fullWidth
        disabled={disabled}
      />
      <FormPasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="new-password"
        helperText="At least 8 characters"
        required
        fullWidth
        disabled={disabled}
      />
    </>
  );
}
