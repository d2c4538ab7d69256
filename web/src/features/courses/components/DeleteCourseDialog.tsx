import type { Course } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { COURSE_TEXT } from '../course-messages';

/** Delete modal: names the course, warns it cannot be undone (spec §2). */
export function DeleteCourseDialog({
  course,
  onClose,
  onDelete,
}: {
  course: Course;
  onClose: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await onDelete();
      onClose();
    } catch (failure) {
      console.error('Deleting the course failed', failure);
      setError(COURSE_TEXT.deleteFailed);
      setDeleting(false);
    }
  };

  return (
    <Dialog open onClose={deleting ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Delete Course</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>
          Are you sure you want to delete <strong>{course.name}</strong>?
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
          {deleting ? 'Deleting...' : 'Delete Course'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
