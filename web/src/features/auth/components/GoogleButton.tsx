import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import type { AuthMode } from '../../../config/paths';

/** The Google sign-in (or sign-up) button; it reads 'Connecting...' while signing in. */
export function GoogleButton({
  mode,
  disabled,
  connecting,
  onClick,
}: {
  mode: AuthMode;
  disabled: boolean;
  connecting: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      fullWidth
      variant="outlined"
      size="large"
      startIcon={<GoogleIcon />}
      disabled={disabled}
      onClick={onClick}
    >
      {connecting
        ? 'Connecting...'
        : mode === 'login'
          ? 'Sign in with Google'
          : 'Sign up with Google'}
    </Button>
  );
}
