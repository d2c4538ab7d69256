import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TESTIMONIAL_TEXT } from '../testimonial-messages';

/** Spec: deleting asks 'Are you sure you want to delete your testimonial?'. */
export function DeleteTestimonialDialog({
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={deleting ? undefined : onCancel}
      fullWidth
      maxWidth="xs"
      aria-labelledby="delete-testimonial-title"
      aria-describedby="delete-testimonial-text"
    >
      <DialogTitle id="delete-testimonial-title">Delete Testimonial</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-testimonial-text">
          {TESTIMONIAL_TEXT.deleteConfirm}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
