import { apiKeyRequestSchema, type User } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormPasswordField } from '../../../components/form/FormPasswordField';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { serverErrorOr } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRemoveApiKey } from '../api/remove-api-key';
import { useSaveApiKey } from '../api/save-api-key';
import { PROFILE_TEXT } from '../profile-messages';

type Banner = { severity: 'success' | 'error'; text: string };

/**
 * The user's Google API key for AI features. The server stores it encrypted and only ever says
 * whether one is saved, so the field starts empty and a saved key can only be replaced or removed.
 * The key's message shows once the form has been submitted; the outcome of a save or removal
 * shows in the card's banner.
 */
export function ApiKeyCard({ user }: { user: User }) {
  const { control, handleSubmit, reset } = useZodForm(apiKeyRequestSchema, {
    defaultValues: { api_key: '' },
  });
  const apiKey = useWatch({ control, name: 'api_key' });
  const saveKey = useSaveApiKey();
  const removeKey = useRemoveApiKey();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const busy = saveKey.isPending || removeKey.isPending;

  const save = ({ api_key }: { api_key: string }) => {
    setBanner(null);
    saveKey.mutate(api_key, {
      onSuccess: () => {
        reset();
        setBanner({ severity: 'success', text: PROFILE_TEXT.apiKeySaved });
      },
      onError: (error) =>
        setBanner({ severity: 'error', text: serverErrorOr(error, PROFILE_TEXT.apiKeySaveFailed) }),
    });
  };

  /** Runs inside the confirmation, which closes either way; the banner tells how it went. */
  const remove = () => {
    setBanner(null);
    return removeKey.mutateAsync().then(
      () => setBanner({ severity: 'success', text: PROFILE_TEXT.apiKeyRemoved }),
      (error: unknown) =>
        setBanner({
          severity: 'error',
          text: serverErrorOr(error, PROFILE_TEXT.apiKeyRemoveFailed),
        }),
    );
  };

  return (
    <Box component="section" aria-labelledby="api-key-heading">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography id="api-key-heading" variant="h6" component="h2">
          Google API Key
        </Typography>
        <Chip
          size="small"
          color={user.has_api_key ? 'success' : 'default'}
          label={user.has_api_key ? 'Saved' : 'Not set'}
        />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        AI generation uses your own Gemini API key. Create one in{' '}
        <Link
          href="https://aistudio.google.com/apikey"
          target="_blank"
          rel="noopener noreferrer"
          underline="always"
        >
          Google AI Studio
        </Link>
        . It is stored encrypted and never shown again.
      </Typography>
      {banner && (
        <Alert severity={banner.severity} onClose={() => setBanner(null)} sx={{ mb: 2 }}>
          {banner.text}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <FormPasswordField
            control={control}
            name="api_key"
            label="Google API key"
            placeholder={user.has_api_key ? 'Enter a new key to replace the saved one' : 'AIza...'}
            autoComplete="off"
            helperText=" "
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !apiKey.trim()}
            sx={{ flexShrink: 0, mt: { sm: 1 } }}
          >
            {saveKey.isPending
              ? 'Saving...'
              : user.has_api_key
                ? 'Replace API Key'
                : 'Save API Key'}
          </Button>
        </Stack>
      </Box>
      {user.has_api_key && (
        <Button
          color="error"
          disabled={busy}
          onClick={() => setConfirmingRemoval(true)}
          sx={{ mt: 1 }}
        >
          {removeKey.isPending ? 'Removing...' : 'Remove API Key'}
        </Button>
      )}
      {confirmingRemoval && (
        <ConfirmDialog
          title="Remove your API key?"
          confirmLabel="Remove"
          busyLabel="Removing..."
          failureMessage={PROFILE_TEXT.apiKeyRemoveFailed}
          onClose={() => setConfirmingRemoval(false)}
          onConfirm={remove}
        >
          <DialogContentText>
            AI generation stops working until you save a new key.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Box>
  );
}
