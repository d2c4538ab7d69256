import type { Subject } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
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
import { COURSE_TEXT, SUBJECT_TEXT } from '../course-messages';
import { useCourseMutations } from '../courses-api';
import { generationErrorMessage } from '../generation-errors';
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
  const [modal, setModal] = useState<Modal | null>(null);
  const [generationError, setGenerationError] = useState<string | null>(null);
  const hasSubjects = (subjects.data?.length ?? 0) > 0;

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
        </Stack>
      }
    >
      {generationError && (
        <Alert severity="error" onClose={() => setGenerationError(null)} sx={{ mb: 2 }}>
          {generationError}
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
