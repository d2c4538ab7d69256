import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { User } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';
import { confirmationError, newPasswordError } from '../../../lib/password-rules';
import { changePassword, changePasswordMessage } from '../change-password';
import { PROFILE_TEXT } from '../profile-messages';

const EMPTY = { current: '', next: '', confirmation: '' };
const UNTOUCHED = { current: false, next: false, confirmation: false };

type Banner = { severity: 'success' | 'error'; text: string };

export function ChangePasswordForm({
  user,
  change = changePassword,
}: {
  user: User;
  /** Replaced in component tests; the default talks to Firebase Auth. */
  change?: typeof changePassword;
}) {
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(UNTOUCHED);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);

  const errors = {
    current: values.current ? null : PROFILE_TEXT.currentRequired,
    next: newPasswordError(values.next, PROFILE_TEXT.newRequired),
    confirmation: confirmationError(values.next, values.confirmation),
  };
  const invalid = Object.values(errors).some((error) => error !== null);

  const fieldProps = (name: keyof typeof EMPTY, label: string, autoComplete: string) => {
    const shown = touched[name] ? errors[name] : null;
    return {
      label,
      autoComplete,
      value: values[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      error: shown !== null,
      helperText: shown ?? ' ',
      fullWidth: true,
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || busy) return;
    setBusy(true);
    setBanner(null);
    try {
      await change(user, values.current, values.next);
      setValues(EMPTY);
      setTouched(UNTOUCHED);
      setBanner({ severity: 'success', text: PROFILE_TEXT.passwordChanged });
    } catch (error) {
      console.error('Password change failed', error);
      setBanner({ severity: 'error', text: changePasswordMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Change Password"
      onSubmit={(event) => void submit(event)}
    >
      {banner && (
        <Alert severity={banner.severity} onClose={() => setBanner(null)} sx={{ mb: 2 }}>
          {banner.text}
        </Alert>
      )}
      <Stack spacing={1}>
        <PasswordField {...fieldProps('current', 'Current Password', 'current-password')} />
        <PasswordField {...fieldProps('next', 'New Password', 'new-password')} />
        <PasswordField {...fieldProps('confirmation', 'Confirm Password', 'new-password')} />
        <Box>
          <Button type="submit" variant="contained" disabled={invalid || busy}>
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
