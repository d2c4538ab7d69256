import type { Course } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { COURSE_TEXT } from '../course-messages';
import { useDialogAction } from '../use-dialog-action';
import { CourseFields } from './CourseFields';

/** Edit modal: Name and 'Description (optional)', Cancel and Save Changes (spec §2). */
export function EditCourseDialog({
  course,
  onClose,
  onSave,
}: {
  course: Course;
  onClose: () => void;
  onSave: (input: { name: string; description: string }) => Promise<unknown>;
}) {
  const [name, setName] = useState(course.name);
  const [description, setDescription] = useState(course.description);
  const { busy: saving, error, setError, run } = useDialogAction(COURSE_TEXT.updateFailed, onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) setError(COURSE_TEXT.nameRequired);
    else await run(() => onSave({ name: name.trim(), description: description.trim() }));
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>Edit Course</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <CourseFields
              nameLabel="Name"
              name={name}
              description={description}
              onNameChange={setName}
              onDescriptionChange={setDescription}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
