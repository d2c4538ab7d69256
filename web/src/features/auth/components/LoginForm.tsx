import type { LoginFormValues } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormPasswordField } from '../../../components/form/FormPasswordField';
import { FormTextField } from '../../../components/form/FormTextField';
import { paths } from '../../../config/paths';

/**
 * The login fields of the page's login form (which owns the form, since the Google button reads
 * "Remember me" too). Missing credentials are reported by the page, not under the fields.
 */
export function LoginForm({
  control,
  busy,
  loggingIn,
  onSubmit,
}: {
  control: Control<LoginFormValues>;
  busy: boolean;
  loggingIn: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          fullWidth
        />
        <FormPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="current-password"
          fullWidth
        />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
          }}
        >
          <FormControlLabel
            control={
              <Controller
                control={control}
                name="remember_me"
                render={({ field }) => (
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                  />
                )}
              />
            }
            label="Remember me"
          />
          <Link component={RouterLink} to={paths.forgotPassword}>
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {loggingIn ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </Box>
  );
}
