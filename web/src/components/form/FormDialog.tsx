import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import { formDialogClose } from './form-dialog-close';

/**
 * The frame of a modal form: the title (which names the dialog), `error` above the fields, Cancel
 * and the submit button; Enter in a field submits. While `busy` both buttons are disabled, the
 * submit button reads `busyLabel` and the dialog stays open; a click beside changed fields
 * (`dirty`) does not close it either. The fields bring their own focus (`autoFocus`).
 */
export function FormDialog({
  title,
  submitLabel,
  busyLabel,
  busy,
  dirty,
  error,
  maxWidth = 'sm',
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  dirty: boolean;
  /** The failure to show, or nothing. */
  error?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  onClose: () => void;
  /** A react-hook-form `handleSubmit(...)` result. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The fields. */
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={formDialogClose(onClose, { busy, dirty })}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {children}
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
