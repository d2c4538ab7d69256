import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ContentLayout } from '../../../../components/layouts/ContentLayout';
import { PageBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { UndoSnackbar } from '../../../../components/ui/UndoSnackbar';
import { paths } from '../../../../config/paths';
import { useCourse } from '../../api/get-course';
import { useSubjects } from '../../api/get-subjects';
import { ConfirmLevelRegeneration } from '../../generation/ConfirmLevelRegeneration';
import { useLevelGeneration } from '../../generation/use-level-generation';
import { useUndoableMoves } from '../../lib/use-undoable-moves';
import { SUBJECT_TEXT } from '../subject-messages';
import { ChaptersPanel } from './ChaptersPanel';
import { SubjectsLevelPanel } from './SubjectsLevelPanel';

/**
 * /courses/{course_id}/subjects-chapters: the course's subjects, the chapters of the one chosen
 * and the topics of the chosen chapter; a topic opens its lesson on the outline page. Each level
 * can be generated (or regenerated) here; failures show above the lists.
 */
export function SubjectsChaptersPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const subjects = useSubjects(courseId);
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const generation = useLevelGeneration({
    courseId,
    notify: setNotice,
    onChaptersGenerated: setSubjectId,
  });
  const moves = useUndoableMoves();
  const reorder = (ids: string[], previousIds: string[]) =>
    moves.reorder({ level: 'subjects', courseId }, ids, previousIds);
  const subject = subjects.data?.find((item) => item.id === subjectId);
  const courseName = course.data?.name ?? '';

  return (
    <ContentLayout
      title={courseName || 'Subjects and Chapters'}
      breadcrumbs={
        <PageBreadcrumbs
          crumbs={[
            { label: 'Home', to: paths.home },
            { label: 'Courses', to: paths.courses },
            { label: courseName || 'Course', to: paths.subjects(courseId) },
            { label: 'Subjects and Chapters' },
          ]}
        />
      }
    >
      {notice && (
        <Alert severity="error" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <SubjectsLevelPanel
          subjects={subjects}
          chosenId={subjectId}
          generation={generation}
          onChoose={setSubjectId}
          onReorder={reorder}
        />
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {subject ? (
            <ChaptersPanel
              key={subject.id}
              courseId={courseId}
              subject={subject}
              notify={setNotice}
              moves={moves}
            />
          ) : (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="text.secondary">{SUBJECT_TEXT.chooseSubject}</Typography>
            </Paper>
          )}
        </Box>
      </Box>
      <ConfirmLevelRegeneration generation={generation} />
      <UndoSnackbar notice={moves.notice} onClose={moves.dismiss} />
    </ContentLayout>
  );
}
