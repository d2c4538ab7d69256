import { forgotPasswordFormSchema } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form/FormTextField';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AUTH_TEXT } from '../auth-messages';

/**
 * /forgot-password: asks for a reset link; the answer never reveals whether the address exists,
 * and a failed request shows the same neutral message. The address is checked once the form has
 * been submitted.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const { control, handleSubmit } = useZodForm(forgotPasswordFormSchema, {
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordReset();
  const outcome = request.isSuccess
    ? request.data.message
    : request.isError
      ? AUTH_TEXT.resetRequested
      : null;
  const submit = (event: FormEvent) =>
    void handleSubmit(({ email }) => request.mutate(email))(event);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          Forgot Password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Enter your email and we will send you a link to reset your password.
        </Typography>
        {outcome && (
          <Alert severity="success" onClose={() => request.reset()} sx={{ mb: 2 }}>
            {outcome}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              helperText=" "
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
            <Button component={RouterLink} to={paths.auth('login')}>
              Back to Login
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
