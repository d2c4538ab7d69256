import { registerRequestSchema, type RegisterRequest } from '@coursecraft/contracts';
import GoogleIcon from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useId, useState, type FormEvent } from 'react';
import { SignUpFields } from '../../../components/form/SignUpFields';
import { useZodForm } from '../../../lib/use-zod-form';
import type { ProgressState } from '../api/get-progress';
import { useLinkWithEmail, useLinkWithGoogle } from '../api/save-account';
import { isCancelledPopup, LEARN_TEXT, saveAccountMessage } from '../learn-messages';

const EMPTY_FORM: RegisterRequest = { first_name: '', last_name: '', email: '', password: '' };

/** The dialog: sign up (first and last name, e-mail, password) or Google. */
function SaveProgressDialog({
  slug,
  completed,
  onClose,
  onSaved,
}: {
  slug: string;
  completed: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const titleId = useId();
  const linkEmail = useLinkWithEmail();
  const linkGoogle = useLinkWithGoogle(slug);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit } = useZodForm(registerRequestSchema, {
    defaultValues: EMPTY_FORM,
  });
  const busy = linkEmail.isPending || linkGoogle.isPending;

  const signUp = (event: FormEvent) =>
    void handleSubmit(async (input) => {
      setError(null);
      try {
        await linkEmail.mutateAsync(input);
        onSaved();
      } catch (failure) {
        setError(saveAccountMessage(failure, LEARN_TEXT.signUpFailed));
      }
    })(event);

  const google = async () => {
    setError(null);
    try {
      await linkGoogle.mutateAsync(completed);
      onSaved();
    } catch (failure) {
      if (!isCancelledPopup(failure))
        setError(saveAccountMessage(failure, LEARN_TEXT.googleFailed));
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Save your progress</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Create an account and your progress comes with you, on any device.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={signUp} aria-label="Create an account">
          <Stack spacing={2} sx={{ pt: 1 }}>
            <SignUpFields control={control} disabled={busy} />
            <Button type="submit" variant="contained" disabled={busy}>
              {linkEmail.isPending ? 'Creating account...' : 'Create account'}
            </Button>
          </Stack>
        </Box>
        <Divider sx={{ my: 2 }}>or</Divider>
        <Button
          fullWidth
          variant="outlined"
          startIcon={<GoogleIcon />}
          disabled={busy}
          onClick={() => void google()}
        >
          {linkGoogle.isPending ? 'Connecting...' : 'Continue with Google'}
        </Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * For an anonymous learner with progress: a banner offering to keep that progress in an account.
 * The account takes over the anonymous learner (same uid), so the progress stays; the app then
 * counts the learner as signed in.
 */
export function SaveProgressPrompt({ slug, progress }: { slug: string; progress: ProgressState }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const completed = [...(progress.completed ?? [])];
  const offer = progress.learner?.isAnonymous === true && completed.length > 0;

  return (
    <>
      {offer && !open && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setOpen(true)}>
              Save your progress
            </Button>
          }
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          {LEARN_TEXT.savePrompt}
        </Alert>
      )}
      {saved && !offer && (
        <Alert severity="success" onClose={() => setSaved(false)}>
          {LEARN_TEXT.saved}
        </Alert>
      )}
      {open && (
        <SaveProgressDialog
          slug={slug}
          completed={completed}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            setSaved(true);
          }}
        />
      )}
    </>
  );
}
