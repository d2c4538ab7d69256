import type { Subject } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CollectionsIcon from '@mui/icons-material/Collections';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { CardGrid } from '../../../components/ui/CardGrid';
import { PageBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { useCurrentUser } from '../../../lib/account';
import { COURSE_TEXT, IMAGE_TEXT, SUBJECT_TEXT } from '../course-messages';
import { useCourseMutations } from '../courses-api';
import { generationErrorMessage } from '../generation-errors';
import { useImageMutations } from '../images-api';
import { useBusyIds } from '../../../lib/use-busy-ids';
import { useCourse, useSubjectMutations, useSubjects } from '../subjects-api';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { GenerateButton } from './GenerateButton';
import { NameDialog } from './NameDialog';
import { SubjectCard } from './SubjectCard';

type Modal =
  { kind: 'create' } | { kind: 'edit'; subject: Subject } | { kind: 'delete'; subject: Subject };

/** /courses/{course_id}/subjects: the course's subjects as cards, with add, edit and delete. */
export function SubjectsPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const subjects = useSubjects(courseId);
  const { create, rename, remove } = useSubjectMutations(courseId);
  const { generateSubjects } = useCourseMutations();
  const { subjectImage, allSubjectImages } = useImageMutations();
  const hasApiKey = useCurrentUser().data?.has_api_key === true;
  const drawingSubjects = useBusyIds();
  const [modal, setModal] = useState<Modal | null>(null);
  const [generationError, setGenerationError] = useState<string | null>(null);
  const [imageWarning, setImageWarning] = useState<string | null>(null);
  const hasSubjects = (subjects.data?.length ?? 0) > 0;

  const generateImage = (subject: Subject) =>
    drawingSubjects.run(subject.id, async () => {
      setGenerationError(null);
      try {
        await subjectImage.mutateAsync({ courseId, subjectId: subject.id });
      } catch (failure) {
        console.error(IMAGE_TEXT.failed, failure);
        setGenerationError(generationErrorMessage(failure, IMAGE_TEXT.failed));
      }
    });

  const generateAllImages = async () => {
    setGenerationError(null);
    setImageWarning(null);
    try {
      const { results, failed = [] } = await allSubjectImages.mutateAsync(courseId);
      if (failed.length > 0) {
        setImageWarning(IMAGE_TEXT.partlyFailed(failed.length, results.length + failed.length));
      }
    } catch (failure) {
      console.error(IMAGE_TEXT.bulkFailed, failure);
      setGenerationError(generationErrorMessage(failure, IMAGE_TEXT.bulkFailed));
    }
  };
  const drawingAll = allSubjectImages.isPending;

  const generate = async () => {
    setGenerationError(null);
    try {
      await generateSubjects.mutateAsync(courseId);
    } catch (failure) {
      const fallback = hasSubjects
        ? COURSE_TEXT.updateSubjectsFailed
        : COURSE_TEXT.generateSubjectsFailed;
      console.error(fallback, failure);
      setGenerationError(generationErrorMessage(failure, fallback));
    }
  };
  const generating = generateSubjects.isPending;
  const courseName = course.data?.name ?? '';

  let body;
  if (subjects.isError) {
    body = <RetryAlert message={SUBJECT_TEXT.loadFailed} onRetry={() => void subjects.refetch()} />;
  } else if (!subjects.data) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading subjects" />
      </Box>
    );
  } else if (subjects.data.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
        <Typography variant="h6" component="h2">
          {SUBJECT_TEXT.empty}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {SUBJECT_TEXT.emptyHint}
        </Typography>
      </Paper>
    );
  } else {
    body = (
      <CardGrid>
        {subjects.data.map((subject) => (
          <li key={subject.id}>
            <SubjectCard
              courseId={courseId}
              subject={subject}
              onEdit={() => setModal({ kind: 'edit', subject })}
              onDelete={() => setModal({ kind: 'delete', subject })}
              imageAction={
                hasApiKey
                  ? {
                      label: `Generate image for ${subject.name}`,
                      busy: drawingAll || drawingSubjects.isBusy(subject.id),
                      onGenerate: () => void generateImage(subject),
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </CardGrid>
    );
  }

  return (
    <ContentLayout
      title={courseName ? `${courseName} Subjects` : 'Subjects'}
      breadcrumbs={
        <Stack spacing={1}>
          <Box>
            <Button component={RouterLink} to="/courses" startIcon={<ArrowBackIcon />} size="small">
              Back to Courses
            </Button>
          </Box>
          <PageBreadcrumbs
            crumbs={[
              { label: 'Home', to: '/home' },
              { label: 'Courses', to: '/courses' },
              { label: courseName || 'Course' },
            ]}
          />
        </Stack>
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
          <GenerateButton
            noun="Subjects"
            exists={hasSubjects}
            busy={generating}
            disabled={!subjects.data}
            variant="outlined"
            onClick={() => void generate()}
          />
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
      {body}
      {modal?.kind === 'create' && (
        <NameDialog
          title="Create New Subject"
          label="Subject Name"
          submitLabel="Create Subject"
          busyLabel="Creating..."
          requiredMessage={SUBJECT_TEXT.nameRequired}
          failureMessage={SUBJECT_TEXT.createFailed}
          onClose={() => setModal(null)}
          onSubmit={(name) => create.mutateAsync(name)}
        />
      )}
      {modal?.kind === 'edit' && (
        <NameDialog
          title="Edit Subject"
          label="Name"
          initialName={modal.subject.name}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          requiredMessage={SUBJECT_TEXT.nameRequired}
          failureMessage={SUBJECT_TEXT.updateFailed}
          onClose={() => setModal(null)}
          onSubmit={(name) => rename.mutateAsync({ subjectId: modal.subject.id, name })}
        />
      )}
      {modal?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title="Delete Subject"
          itemName={modal.subject.name}
          confirmLabel="Delete Subject"
          failureMessage={SUBJECT_TEXT.deleteFailed}
          onClose={() => setModal(null)}
          onConfirm={() => remove.mutateAsync(modal.subject.id)}
        />
      )}
    </ContentLayout>
  );
}
