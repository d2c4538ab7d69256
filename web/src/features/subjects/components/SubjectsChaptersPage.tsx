import type { Chapter, Subject } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { PageBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { QueryList } from '../../../components/ui/QueryList';
import { paths } from '../../../config/paths';
import { useChapters } from '../../../lib/course-tree/get-chapters';
import { useCourse } from '../../../lib/course-tree/get-course';
import { useSubjects } from '../../../lib/course-tree/get-subjects';
import { useTopics } from '../../../lib/course-tree/get-topics';
import { TREE_LIST_TEXT } from '../../../lib/course-tree/messages';
import { outlineLinkState } from '../../../lib/course-tree/outline-link';
import { SUBJECT_TEXT } from '../subject-messages';

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
  const topics = useTopics({ courseId, subjectId: subject.id }, chapter.id);
  return (
    <Panel title={`Topics of ${chapter.name}`}>
      <QueryList
        query={topics}
        loadingLabel="Loading topics"
        failureMessage={TREE_LIST_TEXT.topicsLoadFailed}
        emptyText={TREE_LIST_TEXT.noTopics}
      >
        {(items) =>
          items.map((topic) => (
            <ListItem key={topic.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={paths.outline(courseId, subject.id, topic.id)}
                state={outlineLinkState(chapter.id)}
              >
                <ListItemText primary={topic.name} sx={{ overflowWrap: 'anywhere' }} />
              </ListItemButton>
            </ListItem>
          ))
        }
      </QueryList>
    </Panel>
  );
}

function ChaptersPanel({ courseId, subject }: { courseId: string; subject: Subject }) {
  const chapters = useChapters({ courseId, subjectId: subject.id });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = chapters.data?.find((chapter) => chapter.id === chosenId);

  return (
    <>
      <Panel title={`Chapters of ${subject.name}`}>
        <QueryList
          query={chapters}
          loadingLabel="Loading chapters"
          failureMessage={TREE_LIST_TEXT.chaptersLoadFailed}
          emptyText={TREE_LIST_TEXT.noChapters}
        >
          {(items) =>
            items.map((chapter) => (
              <Row
                key={chapter.id}
                name={chapter.name}
                actionLabel="View Topics"
                chosen={chapter.id === chosenId}
                onChoose={() => setChosenId(chapter.id)}
              />
            ))
          }
        </QueryList>
      </Panel>
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
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Panel title="Subjects">
          <QueryList
            query={subjects}
            loadingLabel="Loading subjects"
            failureMessage={SUBJECT_TEXT.loadFailed}
            emptyText={SUBJECT_TEXT.empty}
          >
            {(items) =>
              items.map((item) => (
                <Row
                  key={item.id}
                  name={item.name}
                  actionLabel="View Chapters"
                  chosen={item.id === subjectId}
                  onChoose={() => setSubjectId(item.id)}
                />
              ))
            }
          </QueryList>
        </Panel>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {subject ? (
            <ChaptersPanel key={subject.id} courseId={courseId} subject={subject} />
          ) : (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="text.secondary">{SUBJECT_TEXT.chooseSubject}</Typography>
            </Paper>
          )}
        </Box>
      </Box>
    </ContentLayout>
  );
}
