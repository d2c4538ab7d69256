import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useDialogAction } from '../use-dialog-action';

/** "Are you sure you want to delete {name}? This action cannot be undone." (spec §2). */
export function ConfirmDeleteDialog({
  title,
  itemName,
  confirmLabel,
  failureMessage,
  onClose,
  onConfirm,
}: {
  title: string;
  itemName: string;
  confirmLabel: string;
  failureMessage: string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const { busy: deleting, error, run } = useDialogAction(failureMessage, onClose);
  const confirm = () => run(onConfirm);

  return (
    <Dialog open onClose={deleting ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>
          Are you sure you want to delete <strong>{itemName}</strong>?
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>This action cannot be undone.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={deleting}
        >
          {deleting ? 'Deleting...' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
