import { changePasswordFormSchema } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { User } from 'firebase/auth';
import { useState } from 'react';
import { FormPasswordField } from '../../../components/form/FormPasswordField';
import { useZodForm } from '../../../lib/use-zod-form';
import { changePassword, useChangePassword } from '../api/change-password';
import { changePasswordMessage, PROFILE_TEXT } from '../profile-messages';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

type Banner = { severity: 'success' | 'error'; text: string };

/**
 * Current, new and confirmed password. Each field's message shows once it has been touched;
 * submit stays disabled while the form is invalid or the change runs.
 */
export function ChangePasswordForm({
  user,
  change = changePassword,
}: {
  user: User;
  /** Replaced in component tests; the default talks to Firebase Auth. */
  change?: typeof changePassword;
}) {
  const { control, handleSubmit, formState, reset } = useZodForm(changePasswordFormSchema, {
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const passwordChange = useChangePassword(change);
  const [banner, setBanner] = useState<Banner | null>(null);
  const busy = passwordChange.isPending;

  const changeTo = ({
    current_password,
    new_password,
  }: {
    current_password: string;
    new_password: string;
  }) => {
    setBanner(null);
    passwordChange.mutate(
      { user, currentPassword: current_password, newPassword: new_password },
      {
        onSuccess: () => {
          reset();
          setBanner({ severity: 'success', text: PROFILE_TEXT.passwordChanged });
        },
        onError: (error) => setBanner({ severity: 'error', text: changePasswordMessage(error) }),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Change Password"
      onSubmit={(event) => void handleSubmit(changeTo)(event)}
    >
      {banner && (
        <Alert severity={banner.severity} onClose={() => setBanner(null)} sx={{ mb: 2 }}>
          {banner.text}
        </Alert>
      )}
      <Stack spacing={1}>
        <FormPasswordField
          control={control}
          name="current_password"
          label="Current Password"
          autoComplete="current-password"
          helperText=" "
          fullWidth
        />
        <NewPasswordFields control={control} name="new_password" confirmName="confirm_password" />
        <Box>
          <Button type="submit" variant="contained" disabled={busy || !formState.isValid}>
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
