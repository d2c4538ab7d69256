import { subjectInputSchema, type Subject } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useParams } from 'react-router';
import { NameDialog } from '../../../../components/form/NameDialog';
import { ContentLayout } from '../../../../components/layouts/ContentLayout';
import { SortableItem, SortableList } from '../../../../components/sortable/SortableList';
import { stepActions } from '../../../../components/sortable/step-actions';
import { CardGrid } from '../../../../components/ui/CardGrid';
import { DeleteConfirmDialog } from '../../../../components/ui/DeleteConfirmDialog';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { BackAndBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { QueryState } from '../../../../components/ui/QueryState';
import { UndoSnackbar } from '../../../../components/ui/UndoSnackbar';
import { paths } from '../../../../config/paths';
import { useCurrentUser } from '../../../../lib/account/get-current-user';
import { useCourse } from '../../api/get-course';
import { useSubjects } from '../../api/get-subjects';
import { RegenerateConfirmDialog } from '../../components/RegenerateConfirmDialog';
import { GenerationJobPanel } from '../../generation-job/components/GenerationJobPanel';
import { useUndoableMoves } from '../../lib/use-undoable-moves';
import { useCourseTreeSlots } from '../../slots';
import { useCreateSubject } from '../api/create-subject';
import { useDeleteSubject } from '../api/delete-subject';
import { useUpdateSubject } from '../api/update-subject';
import { SUBJECT_TEXT } from '../subject-messages';
import { subjectsFailureMessage, useSubjectsGeneration } from '../use-subjects-generation';
import { CourseSettingsDialog } from './CourseSettingsDialog';
import { SubjectCard } from './SubjectCard';
import { SubjectsToolbar } from './SubjectsToolbar';

type Modal =
  | { kind: 'create' }
  | { kind: 'edit'; subject: Subject }
  | { kind: 'delete'; subject: Subject }
  | { kind: 'settings' }
  | { kind: 'regenerate' };

const subjectName = subjectInputSchema.shape.name;

function EmptySubjects() {
  return <EmptyState title={SUBJECT_TEXT.empty} hint={SUBJECT_TEXT.emptyHint} />;
}

/**
 * /courses/{course_id}/subjects: the course's subjects as cards, with add, edit, delete and
 * reordering (drag handles, or Move up / Move down in each card's More actions), and Generate
 * Whole Course with its progress above the subjects. What other features offer for the whole
 * course (the subjectsActions slot) shows above the subjects.
 */
export function SubjectsPage() {
  const { courseId = '' } = useParams();
  const slots = useCourseTreeSlots();
  const course = useCourse(courseId);
  const subjects = useSubjects(courseId);
  const create = useCreateSubject(courseId);
  const rename = useUpdateSubject(courseId);
  const remove = useDeleteSubject(courseId);
  const hasApiKey = useCurrentUser().data?.has_api_key === true;
  const [modal, setModal] = useState<Modal | null>(null);
  const hasSubjects = (subjects.data?.length ?? 0) > 0;
  const generation = useSubjectsGeneration(courseId, hasSubjects);
  const moves = useUndoableMoves();
  const reorder = (ids: string[], previousIds: string[]) =>
    moves.reorder({ level: 'subjects', courseId }, ids, previousIds);

  const courseName = course.data?.name ?? '';

  return (
    <ContentLayout
      title={courseName ? `${courseName} Subjects` : 'Subjects'}
      breadcrumbs={
        <BackAndBreadcrumbs
          back={{ label: 'Back to Courses', to: paths.courses }}
          crumbs={[
            { label: 'Home', to: paths.home },
            { label: 'Courses', to: paths.courses },
            { label: courseName || 'Course' },
          ]}
        />
      }
      actions={
        <SubjectsToolbar
          courseId={courseId}
          courseName={courseName}
          courseLoaded={Boolean(course.data)}
          subjectsLoaded={Boolean(subjects.data)}
          hasSubjects={hasSubjects}
          hasApiKey={hasApiKey}
          generation={generation}
          onAdd={() => setModal({ kind: 'create' })}
          onSettings={() => setModal({ kind: 'settings' })}
          onRegenerate={() => setModal({ kind: 'regenerate' })}
        />
      }
    >
      {slots.subjectsActions?.(courseId, {
        generateSubjects: () =>
          hasSubjects ? setModal({ kind: 'regenerate' }) : void generation.generate(),
        generatingSubjects: generation.generating,
      })}
      {generation.error && (
        <Alert severity="error" onClose={generation.clearError} sx={{ mb: 2 }}>
          {generation.error}
        </Alert>
      )}
      {generation.warning && (
        <Alert severity="warning" onClose={generation.clearWarning} sx={{ mb: 2 }}>
          {generation.warning}
        </Alert>
      )}
      {course.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {SUBJECT_TEXT.courseLoadFailed}
        </Alert>
      )}
      <GenerationJobPanel courseId={courseId} sx={{ mb: 2 }} />
      <QueryState
        query={subjects}
        failureMessage={SUBJECT_TEXT.loadFailed}
        loadingLabel="Loading subjects"
        empty={<EmptySubjects />}
      >
        {(list) => (
          <SortableList items={list} noun="Subject" layout="grid" onReorder={reorder}>
            <CardGrid>
              {list.map((subject) => (
                <SortableItem key={subject.id} id={subject.id} name={subject.name}>
                  {(handle) => (
                    <SubjectCard
                      courseId={courseId}
                      subject={subject}
                      dragHandle={handle}
                      moreActions={stepActions(
                        list.map((item) => item.id),
                        subject.id,
                        reorder,
                      )}
                      onEdit={() => setModal({ kind: 'edit', subject })}
                      onDelete={() => setModal({ kind: 'delete', subject })}
                      imageAction={
                        hasApiKey
                          ? {
                              label: `Generate image for ${subject.name}`,
                              busy: generation.drawingCover(subject.id),
                              onGenerate: () => void generation.generateImage(subject),
                            }
                          : undefined
                      }
                    />
                  )}
                </SortableItem>
              ))}
            </CardGrid>
          </SortableList>
        )}
      </QueryState>
      <UndoSnackbar notice={moves.notice} onClose={moves.dismiss} />
      {modal?.kind === 'create' && (
        <NameDialog
          title="Create New Subject"
          label="Subject Name"
          submitLabel="Create Subject"
          busyLabel="Creating..."
          fieldSchema={subjectName}
          failureMessage={SUBJECT_TEXT.createFailed}
          onClose={() => setModal(null)}
          onSubmit={(name) => create.mutateAsync(name)}
        />
      )}
      {modal?.kind === 'edit' && (
        <NameDialog
          title="Edit Subject"
          label="Name"
          initialValue={modal.subject.name}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          fieldSchema={subjectName}
          failureMessage={SUBJECT_TEXT.updateFailed}
          onClose={() => setModal(null)}
          onSubmit={(name) => rename.mutateAsync({ subjectId: modal.subject.id, name })}
        />
      )}
      {modal?.kind === 'settings' && course.data && (
        <CourseSettingsDialog course={course.data} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'regenerate' && (
        <RegenerateConfirmDialog
          target={{ level: 'subjects', courseId }}
          failureMessage={subjectsFailureMessage}
          onClose={() => setModal(null)}
          onConfirm={generation.regenerate}
        />
      )}
      {modal?.kind === 'delete' && (
        <DeleteConfirmDialog
          title="Delete Subject"
          itemName={modal.subject.name}
          failureMessage={SUBJECT_TEXT.deleteFailed}
          onClose={() => setModal(null)}
          onConfirm={() => remove.mutateAsync(modal.subject.id)}
        />
      )}
    </ContentLayout>
  );
}
