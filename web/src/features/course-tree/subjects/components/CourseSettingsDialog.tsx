import { courseSettingsSchema, type Course } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CourseSettingsFields } from '../../../../components/form/CourseSettingsFields';
import { serverErrorOr } from '../../../../lib/api-client';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useUpdateCourseSettings } from '../api/update-course-settings';
import { SUBJECT_TEXT } from '../subject-messages';
import { formDialogClose } from '../../../../components/form/form-dialog-close';

/**
 * 'Course settings': the course's Audience, Level, Language, Tone and Lesson length, with Cancel
 * and Save Settings ('Saving...' while saving, both buttons disabled). A failure keeps the dialog
 * and what was typed, with the server's reason or the fallback; a click beside changed fields
 * does not close it.
 */
export function CourseSettingsDialog({ course, onClose }: { course: Course; onClose: () => void }) {
  const save = useUpdateCourseSettings(course.id);
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useZodForm(courseSettingsSchema, { defaultValues: { ...course.settings } });
  const saving = save.isPending;
  const submit = handleSubmit((settings) =>
    save.mutate(settings, {
      onSuccess: onClose,
      onError: (error) => console.error(SUBJECT_TEXT.settingsFailed, error),
    }),
  );

  return (
    <Dialog
      open
      onClose={formDialogClose(onClose, { busy: saving, dirty: isDirty })}
      fullWidth
      maxWidth="sm"
      aria-labelledby="course-settings-title"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="course-settings-title">Course settings</DialogTitle>
        <DialogContent>
          {save.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverErrorOr(save.error, SUBJECT_TEXT.settingsFailed)}
            </Alert>
          )}
          <DialogContentText sx={{ mb: 1 }}>
            Gemini follows these settings in every prompt of this course from now on; what was
            already generated stays as it is.
          </DialogContentText>
          <CourseSettingsFields control={control} disabled={saving} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
