import type { Chapter, Subject } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { PageBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { OUTLINE_TEXT, SUBJECT_TEXT } from '../course-messages';
import { useChapters, useTopics } from '../outline-api';
import { outlineLinkState } from '../outline/use-outline-selection';
import { useCourse, useSubjects } from '../subjects-api';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress size={28} aria-label={label} />
    </Box>
  );
}

/** One row of a list: its name and a "View ..." button, marked when it is the chosen one. */
function Row({
  name,
  actionLabel,
  chosen,
  onChoose,
}: {
  name: string;
  actionLabel: string;
  chosen: boolean;
  onChoose: () => void;
}) {
  return (
    <ListItem
      divider
      sx={{ gap: 1, flexWrap: 'wrap', bgcolor: chosen ? 'action.selected' : undefined }}
      aria-current={chosen ? 'true' : undefined}
    >
      <ListItemText primary={name} sx={{ overflowWrap: 'anywhere' }} />
      <Button size="small" variant={chosen ? 'contained' : 'outlined'} onClick={onChoose}>
        {actionLabel}
      </Button>
    </ListItem>
  );
}

function TopicsPanel({
  courseId,
  subject,
  chapter,
}: {
  courseId: string;
  subject: Subject;
  chapter: Chapter;
}) {
  const topics = useTopics(courseId, subject.id, chapter.id);
  let body;
  if (topics.isError)
    body = (
      <RetryAlert message={OUTLINE_TEXT.topicsLoadFailed} onRetry={() => void topics.refetch()} />
    );
  else if (!topics.data) body = <Loading label="Loading topics" />;
  else if (topics.data.length === 0)
    body = <Typography color="text.secondary">{OUTLINE_TEXT.noTopics}</Typography>;
  else
    body = (
      <List disablePadding>
        {topics.data.map((topic) => (
          <ListItem key={topic.id} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={`/courses/${courseId}/subjects/${subject.id}/content/${topic.id}`}
              state={outlineLinkState(chapter.id)}
            >
              <ListItemText primary={topic.name} sx={{ overflowWrap: 'anywhere' }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  return <Panel title={`Topics of ${chapter.name}`}>{body}</Panel>;
}

function ChaptersPanel({ courseId, subject }: { courseId: string; subject: Subject }) {
  const chapters = useChapters(courseId, subject.id);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = chapters.data?.find((chapter) => chapter.id === chosenId);

  let body;
  if (chapters.isError)
    body = (
      <RetryAlert
        message={OUTLINE_TEXT.chaptersLoadFailed}
        onRetry={() => void chapters.refetch()}
      />
    );
  else if (!chapters.data) body = <Loading label="Loading chapters" />;
  else if (chapters.data.length === 0)
    body = <Typography color="text.secondary">{OUTLINE_TEXT.noChapters}</Typography>;
  else
    body = (
      <List disablePadding>
        {chapters.data.map((chapter) => (
          <Row
            key={chapter.id}
            name={chapter.name}
            actionLabel="View Topics"
            chosen={chapter.id === chosenId}
            onChoose={() => setChosenId(chapter.id)}
          />
        ))}
      </List>
    );
  return (
    <>
      <Panel title={`Chapters of ${subject.name}`}>{body}</Panel>
      {chosen && <TopicsPanel courseId={courseId} subject={subject} chapter={chosen} />}
    </>
  );
}

/**
 * /courses/{course_id}/subjects-chapters: the course's subjects, the chapters of the one chosen
 * and the topics of the chosen chapter; a topic opens its lesson on the outline page.
 */
export function SubjectsChaptersPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const subjects = useSubjects(courseId);
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const subject = subjects.data?.find((item) => item.id === subjectId);
  const courseName = course.data?.name ?? '';

  let subjectList;
  if (subjects.isError)
    subjectList = (
      <RetryAlert message={SUBJECT_TEXT.loadFailed} onRetry={() => void subjects.refetch()} />
    );
  else if (!subjects.data) subjectList = <Loading label="Loading subjects" />;
  else if (subjects.data.length === 0)
    subjectList = <Typography color="text.secondary">{SUBJECT_TEXT.empty}</Typography>;
  else
    subjectList = (
      <List disablePadding>
        {subjects.data.map((item) => (
          <Row
            key={item.id}
            name={item.name}
            actionLabel="View Chapters"
            chosen={item.id === subjectId}
            onChoose={() => setSubjectId(item.id)}
          />
        ))}
      </List>
    );

  return (
    <ContentLayout
      title={courseName || 'Subjects and Chapters'}
      breadcrumbs={
        <PageBreadcrumbs
          crumbs={[
            { label: 'Home', to: '/home' },
            { label: 'Courses', to: '/courses' },
            { label: courseName || 'Course', to: `/courses/${courseId}/subjects` },
            { label: 'Subjects and Chapters' },
          ]}
        />
      }
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Panel title="Subjects">{subjectList}</Panel>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {subject ? (
            <ChaptersPanel key={subject.id} courseId={courseId} subject={subject} />
          ) : (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="text.secondary">
                Please select a subject to view its chapters.
              </Typography>
            </Paper>
          )}
        </Box>
      </Box>
    </ContentLayout>
  );
}
