import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { OUTLINE_NAME_MAX_LENGTH } from '@coursecraft/contracts';
import { useState, type FormEvent } from 'react';
import { useDialogAction } from '../use-dialog-action';

/**
 * A modal asking for one text: a name (create or rename a subject, chapter or topic) or, with
 * `multiline`, a topic's markdown. A click beside a changed text does not close it, so nothing
 * typed is lost by accident.
 */
export function NameDialog({
  title,
  label,
  initialName = '',
  submitLabel,
  busyLabel,
  requiredMessage,
  failureMessage,
  multiline = false,
  maxLength = OUTLINE_NAME_MAX_LENGTH,
  onClose,
  onSubmit,
}: {
  title: string;
  label: string;
  initialName?: string;
  submitLabel: string;
  busyLabel: string;
  requiredMessage: string;
  failureMessage: string;
  multiline?: boolean;
  maxLength?: number;
  onClose: () => void;
  /** Receives the trimmed text. */
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(initialName);
  const { busy, error, setError, run } = useDialogAction(failureMessage, onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) setError(requiredMessage);
    else await run(() => onSubmit(name.trim()));
  };

  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        if (busy || (reason === 'backdropClick' && name !== initialName)) return;
        onClose();
      }}
      fullWidth
      maxWidth={multiline ? 'lg' : 'sm'}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label={label}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
            fullWidth
            multiline={multiline}
            minRows={multiline ? 12 : undefined}
            maxRows={multiline ? 24 : undefined}
            slotProps={{ htmlInput: { maxLength } }}
            sx={{ mt: 1, ...(multiline && { '& textarea': { fontFamily: 'monospace' } }) }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
