import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';

/**
 * A modal asking to confirm one destructive action. While the action runs both buttons are
 * disabled and the confirm button reads `busyLabel`; success closes the modal; a failure keeps
 * it open with `failureMessage` (the details go to the console).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel = 'Deleting...',
  failureMessage,
  onClose,
  onConfirm,
}: {
  title: string;
  /** What is about to happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  failureMessage: string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const titleId = useId();
  const textId = useId();
  const action = useMutation({
    mutationFn: onConfirm,
    onSuccess: onClose,
    onError: (error) => console.error(failureMessage, error),
  });
  const busy = action.isPending;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {action.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureMessage}
          </Alert>
        )}
        <div id={textId}>{children}</div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => action.mutate()} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
