import type { Course } from '@coursecraft/contracts';
import { DeleteConfirmDialog } from '../../../../components/ui/DeleteConfirmDialog';
import { useDeleteCourse } from '../api/delete-course';
import { COURSE_TEXT } from '../course-messages';

/** Delete modal: names the course and warns that it cannot be undone. */
export function DeleteCourseDialog({ course, onClose }: { course: Course; onClose: () => void }) {
  const remove = useDeleteCourse();
  return (
    <DeleteConfirmDialog
      title="Delete Course"
      itemName={course.name}
      failureMessage={COURSE_TEXT.deleteFailed}
      onClose={onClose}
      onConfirm={() => remove.mutateAsync(course.id)}
    />
  );
}
