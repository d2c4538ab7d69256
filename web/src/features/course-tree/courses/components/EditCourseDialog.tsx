import { courseInputSchema, type Course } from '@coursecraft/contracts';
import Stack from '@mui/material/Stack';
import { FormDialog } from '../../../../components/form/FormDialog';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useUpdateCourse } from '../api/update-course';
import { COURSE_TEXT } from '../course-messages';
import { CourseFields } from './CourseFields';

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

  return (
    <FormDialog
      title="Edit Course"
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={save.isPending}
      dirty={isDirty}
      error={save.isError && COURSE_TEXT.updateFailed}
      onClose={onClose}
      onSubmit={handleSubmit((input) =>
        save.mutate(
          { courseId: course.id, input },
          {
            onSuccess: onClose,
            onError: (error) => console.error(COURSE_TEXT.updateFailed, error),
          },
        ),
      )}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <CourseFields control={control} nameLabel="Name" autoFocus />
      </Stack>
    </FormDialog>
  );
}
