import { registerRequestSchema } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';
import { register } from '../../../lib/account';
import { serverErrorOr } from '../../../lib/api-client';
import { AUTH_TEXT } from '../auth-messages';

const EMPTY_FORM = { first_name: '', last_name: '', email: '', password: '' };

/** Sign-up through `POST /api/auth/register`, checked first with the API's own schema. */
export function SignupForm({
  busy,
  setBusy,
  onRegistered,
  onError,
}: {
  busy: 'form' | 'google' | null;
  setBusy: (busy: 'form' | 'google' | null) => void;
  onRegistered: (email: string, message: string) => void;
  onError: (text: string) => void;
}) {
  const [form, setForm] = useState(EMPTY_FORM);
  const field = (name: keyof typeof EMPTY_FORM) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
    required: true,
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerRequestSchema.safeParse(form);
    if (!parsed.success) {
      onError(parsed.error.issues[0]?.message ?? AUTH_TEXT.unexpected);
      return;
    }
    setBusy('form');
    try {
      await register(parsed.data);
      setForm(EMPTY_FORM);
      onRegistered(parsed.data.email, AUTH_TEXT.registered);
    } catch (error) {
      console.error('Registration failed', error);
      onError(serverErrorOr(error, AUTH_TEXT.unexpected));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="First Name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last Name" autoComplete="family-name" {...field('last_name')} />
        </Stack>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          helperText="At least 8 characters"
          {...field('password')}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy !== null}>
          {busy === 'form' ? 'Signing up...' : 'Sign Up'}
        </Button>
      </Stack>
    </Box>
  );
}
