import { apiKeyRequestSchema, type User } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';
import { removeApiKey, saveApiKey } from '../../../lib/account';
import { serverErrorOr } from '../../../lib/api-client';
import { PROFILE_TEXT } from '../profile-messages';

type Banner = { severity: 'success' | 'error'; text: string };

/**
 * The user's Google API key for AI features. The server stores it encrypted and only ever says
 * whether one is saved, so the field starts empty and a saved key can only be replaced or removed.
 */
export function ApiKeyCard({
  user,
  onUserChange,
}: {
  user: User;
  onUserChange: (user: User) => void;
}) {
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiKeyRequestSchema.safeParse({ api_key: apiKey });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? 'Invalid API key');
      return;
    }
    setInputError(null);
    setBusy('save');
    setBanner(null);
    try {
      const { user: updated } = await saveApiKey(parsed.data.api_key);
      setApiKey('');
      onUserChange(updated);
      setBanner({ severity: 'success', text: PROFILE_TEXT.apiKeySaved });
    } catch (error) {
      console.error('Saving the API key failed', error);
      setBanner({ severity: 'error', text: serverErrorOr(error, PROFILE_TEXT.apiKeySaveFailed) });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setConfirmingRemoval(false);
    setBusy('remove');
    setBanner(null);
    try {
      const { user: updated } = await removeApiKey();
      onUserChange(updated);
      setBanner({ severity: 'success', text: PROFILE_TEXT.apiKeyRemoved });
    } catch (error) {
      console.error('Removing the API key failed', error);
      setBanner({
        severity: 'error',
        text: serverErrorOr(error, PROFILE_TEXT.apiKeyRemoveFailed),
      });
    } finally {
      setBusy(null);
    }
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
      <Box component="form" noValidate onSubmit={(event) => void save(event)}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <PasswordField
            label="Google API key"
            placeholder={user.has_api_key ? 'Enter a new key to replace the saved one' : 'AIza...'}
            autoComplete="off"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            error={inputError !== null}
            helperText={inputError ?? ' '}
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            disabled={busy !== null || !apiKey.trim()}
            sx={{ flexShrink: 0, mt: { sm: 1 } }}
          >
            {busy === 'save' ? 'Saving...' : user.has_api_key ? 'Replace API Key' : 'Save API Key'}
          </Button>
        </Stack>
      </Box>
      {user.has_api_key && (
        <Button
          color="error"
          disabled={busy !== null}
          onClick={() => setConfirmingRemoval(true)}
          sx={{ mt: 1 }}
        >
          {busy === 'remove' ? 'Removing...' : 'Remove API Key'}
        </Button>
      )}
      <Dialog open={confirmingRemoval} onClose={() => setConfirmingRemoval(false)}>
        <DialogTitle>Remove your API key?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            AI generation stops working until you save a new key.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingRemoval(false)}>Cancel</Button>
          <Button color="error" onClick={() => void remove()}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
