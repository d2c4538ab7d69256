import { citationsRemovedMessage } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';

/**
 * Says how many citations the check removed from the lesson just generated; read out politely
 * by screen readers. Nothing when none was removed.
 */
export function CitationsRemovedAlert({
  removed,
  onClose,
}: {
  removed: number;
  onClose: () => void;
}) {
  if (removed <= 0) return null;
  return (
    <Alert severity="info" role="status" onClose={onClose} sx={{ mb: 2 }}>
      {citationsRemovedMessage(removed)}
    </Alert>
  );
}
