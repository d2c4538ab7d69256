import { courseSettingsSchema, type Course } from '@coursecraft/contracts';
import DialogContentText from '@mui/material/DialogContentText';
import { CourseSettingsFields } from '../../../../components/form/CourseSettingsFields';
import { FormDialog } from '../../../../components/form/FormDialog';
import { serverErrorOr } from '../../../../lib/api-client';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useUpdateCourseSettings } from '../api/update-course-settings';
import { SUBJECT_TEXT } from '../subject-messages';

/**
 * 'Course settings': the course's Audience, Level, Language, Tone, Lesson length and Pass mark, with Cancel
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

  return (
    <FormDialog
      title="Course settings"
      submitLabel="Save Settings"
      busyLabel="Saving..."
      busy={save.isPending}
      dirty={isDirty}
      error={save.isError && serverErrorOr(save.error, SUBJECT_TEXT.settingsFailed)}
      onClose={onClose}
      onSubmit={handleSubmit((settings) =>
        save.mutate(settings, {
          onSuccess: onClose,
          onError: (error) => console.error(SUBJECT_TEXT.settingsFailed, error),
        }),
      )}
    >
      <DialogContentText sx={{ mb: 1 }}>
        Gemini follows these settings in every prompt of this course from now on; what was already
        generated stays as it is.
      </DialogContentText>
      <CourseSettingsFields control={control} disabled={save.isPending} />
    </FormDialog>
  );
}
