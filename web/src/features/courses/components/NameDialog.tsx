import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useDialogAction } from '../use-dialog-action';

/** A modal asking for one name (create or rename a subject, chapter or topic). */
export function NameDialog({
  title,
  label,
  initialName = '',
  submitLabel,
  busyLabel,
  requiredMessage,
  failureMessage,
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
  onClose: () => void;
  /** Receives the trimmed name. */
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
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
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
            sx={{ mt: 1 }}
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
