import { subjectInputSchema, type Subject } from '@coursecraft/contracts';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import CollectionsIcon from '@mui/icons-material/Collections';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { NameDialog } from '../../../../components/form/NameDialog';
import { RegenerateConfirmDialog } from '../../components/RegenerateConfirmDialog';
import { ExportMenu } from '../../export/ExportMenu';
import { GenerateWholeCourseButton } from '../../generation-job/components/GenerateWholeCourseButton';
import { GenerationJobPanel } from '../../generation-job/components/GenerationJobPanel';
import { RegenerateWithInstructions } from '../../../../components/form/RegenerateWithInstructions';
import { ContentLayout } from '../../../../components/layouts/ContentLayout';
import { SortableItem, SortableList } from '../../../../components/sortable/SortableList';
import { stepActions } from '../../../../components/sortable/step-actions';
import { CardGrid } from '../../../../components/ui/CardGrid';
import { DeleteConfirmDialog } from '../../../../components/ui/DeleteConfirmDialog';
import { GenerateButton } from '../../../../components/ui/GenerateButton';
import { BackAndBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { QueryState } from '../../../../components/ui/QueryState';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { UndoSnackbar } from '../../../../components/ui/UndoSnackbar';
import { paths } from '../../../../config/paths';
import { useCurrentUser } from '../../../../lib/account/get-current-user';
import { useGenerateSubjectImage, useSubjectsDrawingCover } from '../../api/generate-subject-image';
import {
  useCoursesDrawingSubjectCovers,
  useGenerateSubjectImages,
} from '../../api/generate-subject-images';
import { useCoursesGeneratingSubjects, useGenerateSubjects } from '../../api/generate-subjects';
import { generationErrorMessage, reportGenerationFailure } from '../../lib/generation-errors';
import { useCourse } from '../../api/get-course';
import { useSubjects } from '../../api/get-subjects';
import { GENERATION_TEXT, IMAGE_TEXT } from '../../lib/messages';
import { useUndoableMoves } from '../../lib/use-undoable-moves';
import { useCreateSubject } from '../api/create-subject';
import { useDeleteSubject } from '../api/delete-subject';
import { useUpdateSubject } from '../api/update-subject';
import { SUBJECT_TEXT } from '../subject-messages';
import { CourseSettingsDialog } from './CourseSettingsDialog';
import { SubjectCard } from './SubjectCard';

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
 * Whole Course with its progress above the subjects.
 * `renderCourseActions` adds what other features offer for the whole course (the app composes
 * the publishing panel into it), shown above the subjects.
 */
export function SubjectsPage({
  renderCourseActions,
}: {
  renderCourseActions?: (courseId: string) => ReactNode;
}) {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const subjects = useSubjects(courseId);
  const create = useCreateSubject(courseId);
  const rename = useUpdateSubject(courseId);
  const remove = useDeleteSubject(courseId);
  const generateSubjects = useGenerateSubjects();
  const generating = useCoursesGeneratingSubjects().has(courseId);
  const subjectImage = useGenerateSubjectImage();
  const drawingCovers = useSubjectsDrawingCover();
  const allSubjectImages = useGenerateSubjectImages();
  const drawingAll = useCoursesDrawingSubjectCovers().has(courseId);
  const hasApiKey = useCurrentUser().data?.has_api_key === true;
  const [modal, setModal] = useState<Modal | null>(null);
  const [generationError, setGenerationError] = useState<string | null>(null);
  const [imageWarning, setImageWarning] = useState<string | null>(null);
  const hasSubjects = (subjects.data?.length ?? 0) > 0;
  const moves = useUndoableMoves();
  const reorder = (ids: string[], previousIds: string[]) =>
    moves.reorder({ level: 'subjects', courseId }, ids, previousIds);

  const generateImage = async (subject: Subject) => {
    setGenerationError(null);
    try {
      await subjectImage.mutateAsync({ courseId, subjectId: subject.id });
    } catch (failure) {
      setGenerationError(reportGenerationFailure(failure, IMAGE_TEXT.failed));
    }
  };

  const generateAllImages = async () => {
    setGenerationError(null);
    setImageWarning(null);
    try {
      const { results, failed = [] } = await allSubjectImages.mutateAsync(courseId);
      if (failed.length > 0) {
        setImageWarning(IMAGE_TEXT.partlyFailed(failed.length, results.length + failed.length));
      }
    } catch (failure) {
      setGenerationError(reportGenerationFailure(failure, IMAGE_TEXT.bulkFailed));
    }
  };

  const generate = async () => {
    setGenerationError(null);
    try {
      await generateSubjects.mutateAsync({ courseId });
    } catch (failure) {
      const fallback = hasSubjects
        ? GENERATION_TEXT.updateSubjectsFailed
        : GENERATION_TEXT.generateSubjectsFailed;
      setGenerationError(reportGenerationFailure(failure, fallback));
    }
  };
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
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setModal({ kind: 'create' })}
          >
            Add Subject
          </Button>
          <Button
            variant="outlined"
            component={RouterLink}
            to={paths.subjectsChapters(courseId)}
            startIcon={<AccountTreeIcon />}
          >
            Subjects and Chapters
          </Button>
          <Button
            variant="outlined"
            startIcon={<TuneIcon />}
            disabled={!course.data}
            onClick={() => setModal({ kind: 'settings' })}
          >
            Course settings
          </Button>
          {subjects.data && (
            <GenerateButton
              noun="Subjects"
              exists={hasSubjects}
              busy={generating}
              variant="outlined"
              onClick={() => (hasSubjects ? setModal({ kind: 'regenerate' }) : void generate())}
            />
          )}
          {hasSubjects && (
            <RegenerateWithInstructions
              what="subjects"
              variant="outlined"
              size="medium"
              disabled={generating}
              failureMessage={(failure) =>
                generationErrorMessage(failure, GENERATION_TEXT.updateSubjectsFailed)
              }
              onRegenerate={(instructions) =>
                generateSubjects.mutateAsync({ courseId, instructions })
              }
            />
          )}
          <GenerateWholeCourseButton courseId={courseId} variant="outlined" />
          <ExportMenu courseId={courseId} courseName={courseName} variant="outlined" />
          {hasSubjects && hasApiKey && (
            <Button
              variant="outlined"
              startIcon={<CollectionsIcon />}
              disabled={drawingAll}
              onClick={() => void generateAllImages()}
            >
              {drawingAll ? 'Generating Images...' : 'Generate Images'}
            </Button>
          )}
        </Stack>
      }
    >
      {renderCourseActions?.(courseId)}
      {generationError && (
        <Alert severity="error" onClose={() => setGenerationError(null)} sx={{ mb: 2 }}>
          {generationError}
        </Alert>
      )}
      {imageWarning && (
        <Alert severity="warning" onClose={() => setImageWarning(null)} sx={{ mb: 2 }}>
          {imageWarning}
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
                              busy: drawingAll || drawingCovers.has(subject.id),
                              onGenerate: () => void generateImage(subject),
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
          failureMessage={(failure) =>
            generationErrorMessage(failure, GENERATION_TEXT.updateSubjectsFailed)
          }
          onClose={() => setModal(null)}
          onConfirm={() => {
            setGenerationError(null);
            return generateSubjects.mutateAsync({ courseId });
          }}
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
