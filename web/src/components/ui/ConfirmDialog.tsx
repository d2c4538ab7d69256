import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';

/**
 * A modal asking to confirm one action (a destructive one unless `confirmColor` says otherwise).
 * While the action runs both buttons are disabled and the confirm button reads `busyLabel`;
 * success closes the modal; a failure keeps it open with `failureMessage` (the details go to the
 * console).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel = 'Deleting...',
  confirmColor = 'error',
  failureMessage,
  onClose,
  onConfirm,
}: {
  title: string;
  /** What is about to happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  confirmColor?: 'error' | 'primary';
  /** A fixed text, or one drawn from the error (e.g. the server's message). */
  failureMessage: string | ((error: Error) => string);
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const titleId = useId();
  const textId = useId();
  const action = useMutation({
    mutationFn: onConfirm,
    onSuccess: onClose,
    onError: (error) => console.error(title, error),
  });
  const busy = action.isPending;
  const failure =
    action.error &&
    (typeof failureMessage === 'string' ? failureMessage : failureMessage(action.error));

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
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <div id={textId}>{children}</div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          color={confirmColor}
          variant="contained"
          onClick={() => action.mutate()}
          disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
