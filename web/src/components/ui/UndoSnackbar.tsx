import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

export interface SnackbarNotice {
  /** A new id shows the notice again, even with the same words. */
  id: number;
  message: string;
  failed: boolean;
  undo?: () => void;
}

/** A short notice at the bottom of the screen, with Undo when the change can be taken back. */
export function UndoSnackbar({
  notice,
  undoLabel = 'Undo',
  onClose,
}: {
  notice: SnackbarNotice | null;
  undoLabel?: string;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={notice?.failed ? 10_000 : 6_000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
    >
      <Alert
        severity={notice?.failed ? 'error' : 'success'}
        variant="filled"
        onClose={onClose}
        action={
          notice?.undo ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                notice.undo?.();
              }}
            >
              {undoLabel}
            </Button>
          ) : undefined
        }
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}
