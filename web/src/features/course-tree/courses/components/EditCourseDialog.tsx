import { courseInputSchema, type Course } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useUpdateCourse } from '../api/update-course';
import { COURSE_TEXT } from '../course-messages';
import { CourseFields } from './CourseFields';
import { formDialogClose } from '../../../../components/form/form-dialog-close';

/**
 * Edit modal: Name and 'Description (optional)', Cancel and Save Changes ('Saving...' while the
 * update runs). A failed save keeps the modal and its text; a click beside changed fields does
 * not close it.
 */
export function EditCourseDialog({ course, onClose }: { course: Course; onClose: () => void }) {
  const save = useUpdateCourse();
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useZodForm(courseInputSchema, {
    defaultValues: { name: course.name, description: course.description },
  });
  const saving = save.isPending;
  const submit = handleSubmit((input) =>
    save.mutate(
      { courseId: course.id, input },
      {
        onSuccess: onClose,
        onError: (error) => console.error(COURSE_TEXT.updateFailed, error),
      },
    ),
  );

  return (
    <Dialog
      open
      onClose={formDialogClose(onClose, { busy: saving, dirty: isDirty })}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>Edit Course</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.isError && <Alert severity="error">{COURSE_TEXT.updateFailed}</Alert>}
            <CourseFields control={control} nameLabel="Name" autoFocus />
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
