import { registerRequestSchema, type RegisterRequest } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { SignUpFields } from '../../../components/form/SignUpFields';
import { useZodForm } from '../../../lib/use-zod-form';
import { AUTH_TEXT } from '../auth-messages';
import { firstErrorMessage } from '../first-error';

const FIELDS = ['first_name', 'last_name', 'email', 'password'] as const;
const EMPTY_FORM: RegisterRequest = { first_name: '', last_name: '', email: '', password: '' };

/**
 * Sign-up, checked with the API's own register schema when submitted: each field shows its
 * message and the page reports the first one.
 */
export function SignupForm({
  busy,
  signingUp,
  onSignUp,
  onError,
}: {
  busy: boolean;
  signingUp: boolean;
  onSignUp: (input: RegisterRequest) => void;
  onError: (text: string) => void;
}) {
  const { control, handleSubmit } = useZodForm(registerRequestSchema, {
    defaultValues: EMPTY_FORM,
  });
  const submit = (event: FormEvent) =>
    void handleSubmit(onSignUp, (errors) =>
      onError(firstErrorMessage(errors, FIELDS) ?? AUTH_TEXT.unexpected),
    )(event);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <SignUpFields control={control} />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {signingUp ? 'Signing up...' : 'Sign Up'}
        </Button>
      </Stack>
    </Box>
  );
}
