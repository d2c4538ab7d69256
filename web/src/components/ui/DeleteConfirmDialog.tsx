import DialogContentText from '@mui/material/DialogContentText';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * 'Are you sure you want to delete {name}? This action cannot be undone.' with Cancel and
 * `confirmLabel` (the title by default), 'Deleting...' while the deletion runs.
 */
export function DeleteConfirmDialog({
  title,
  itemName,
  confirmLabel = title,
  failureMessage,
  onClose,
  onConfirm,
}: {
  title: string;
  itemName: string;
  confirmLabel?: string;
  failureMessage: string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      failureMessage={failureMessage}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <DialogContentText>
        Are you sure you want to delete <strong>{itemName}</strong>?
      </DialogContentText>
      <DialogContentText sx={{ mt: 1 }}>This action cannot be undone.</DialogContentText>
    </ConfirmDialog>
  );
}
