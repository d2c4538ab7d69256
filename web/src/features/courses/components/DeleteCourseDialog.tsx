import type { Course } from '@coursecraft/contracts';
import { COURSE_TEXT } from '../course-messages';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

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
  return (
    <ConfirmDeleteDialog
      title="Delete Course"
      itemName={course.name}
      confirmLabel="Delete Course"
      failureMessage={COURSE_TEXT.deleteFailed}
      onClose={onClose}
      onConfirm={onDelete}
    />
  );
}
