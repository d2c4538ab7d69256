import type { Chapter, Subject } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { GenerateButton } from '../../../components/ui/GenerateButton';
import { PageBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { QueryList } from '../../../components/ui/QueryList';
import { LoadingSpinner } from '../../../components/ui/QueryState';
import { paths } from '../../../config/paths';
import { useReadCurrentUser } from '../../../lib/account/get-current-user';
import {
  useGenerateChapters,
  useSubjectsGeneratingChapters,
} from '../../../lib/course-tree/generate-chapters';
import {
  useChaptersGeneratingTopics,
  useGenerateTopics,
  useIsGeneratingTopics,
} from '../../../lib/course-tree/generate-topics';
import { reportGenerationFailure } from '../../../lib/course-tree/generation-errors';
import { useChapters } from '../../../lib/course-tree/get-chapters';
import { useCourse } from '../../../lib/course-tree/get-course';
import { useSubjects } from '../../../lib/course-tree/get-subjects';
import { useTopics } from '../../../lib/course-tree/get-topics';
import { GENERATION_TEXT, TREE_LIST_TEXT } from '../../../lib/course-tree/messages';
import { outlineLinkState } from '../../../lib/course-tree/outline-link';
import { SUBJECT_TEXT } from '../subject-messages';

/** Shows a generation failure (null clears it). */
type Notify = (message: string | null) => void;

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

/**
 * One row of a list: its name and its buttons, marked when it is the chosen one. The buttons are
 * described by the row's name, so 'View Topics' says which chapter it opens.
 */
function Row({
  name,
  chosen,
  actions,
}: {
  name: string;
  chosen: boolean;
  actions: (describedBy: string) => ReactNode;
}) {
  const nameId = useId();
  return (
    <ListItem
      divider
      sx={{ gap: 1, flexWrap: 'wrap', bgcolor: chosen ? 'action.selected' : undefined }}
      aria-current={chosen ? 'true' : undefined}
    >
      <ListItemText
        primary={name}
        slotProps={{ primary: { id: nameId } }}
        sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions(nameId)}</Box>
    </ListItem>
  );
}

function TopicsPanel({
  courseId,
  subject,
  chapter,
  generating,
}: {
  courseId: string;
  subject: Subject;
  chapter: Chapter;
  generating: boolean;
}) {
  const topics = useTopics({ courseId, subjectId: subject.id }, chapter.id);
  return (
    <Panel title={`Topics of ${chapter.name}`}>
      {generating ? (
        <LoadingSpinner label="Generating topics" size={28} />
      ) : (
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
      )}
    </Panel>
  );
}

/**
 * The chosen subject's chapters, each with View Topics and Generate Topics (Update Topics once it
 * has some), and the topics of the chosen chapter below.
 */
function ChaptersPanel({
  courseId,
  subject,
  notify,
}: {
  courseId: string;
  subject: Subject;
  notify: Notify;
}) {
  const ref = { courseId, subjectId: subject.id };
  const chapters = useChapters(ref);
  const generateTopics = useGenerateTopics();
  const generatingTopics = useChaptersGeneratingTopics();
  const isGeneratingTopics = useIsGeneratingTopics();
  const readCurrentUser = useReadCurrentUser();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = chapters.data?.find((chapter) => chapter.id === chosenId);

  /** Gemini lists (or re-lists) the chapter's topics, which are then shown. */
  const generate = async (chapter: Chapter) => {
    if (isGeneratingTopics(chapter.id)) return;
    notify(null);
    setChosenId(chapter.id);
    try {
      await generateTopics.mutateAsync({ ...ref, chapterId: chapter.id });
    } catch (failure) {
      notify(reportGenerationFailure(failure, GENERATION_TEXT.generateTopicsFailed));
    }
  };

  /**
   * Shows the chapter's topics; a chapter without topics gets them generated first when the
   * author has a saved key (the profile is read only then).
   */
  const view = async (chapter: Chapter) => {
    setChosenId(chapter.id);
    if (chapter.has_topics) return;
    const user = await readCurrentUser().catch(() => null);
    if (user?.has_api_key) await generate(chapter);
  };

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
            items.map((chapter) => {
              const busy = generatingTopics.has(chapter.id);
              return (
                <Row
                  key={chapter.id}
                  name={chapter.name}
                  chosen={chapter.id === chosenId}
                  actions={(describedBy) => (
                    <>
                      <Button
                        size="small"
                        variant={chapter.id === chosenId ? 'contained' : 'outlined'}
                        aria-describedby={describedBy}
                        disabled={busy}
                        onClick={() => void view(chapter)}
                      >
                        View Topics
                      </Button>
                      <GenerateButton
                        noun="Topics"
                        exists={chapter.has_topics}
                        busy={busy}
                        size="small"
                        aria-describedby={describedBy}
                        onClick={() => void generate(chapter)}
                      />
                    </>
                  )}
                />
              );
            })
          }
        </QueryList>
      </Panel>
      {chosen && (
        <TopicsPanel
          courseId={courseId}
          subject={subject}
          chapter={chosen}
          generating={generatingTopics.has(chosen.id)}
        />
      )}
    </>
  );
}

/**
 * /courses/{course_id}/subjects-chapters: the course's subjects, the chapters of the one chosen
 * and the topics of the chosen chapter; a topic opens its lesson on the outline page. Each level
 * can be generated (or regenerated) here; failures show above the lists.
 */
export function SubjectsChaptersPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const subjects = useSubjects(courseId);
  const generateChapters = useGenerateChapters();
  const generatingChapters = useSubjectsGeneratingChapters();
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const subject = subjects.data?.find((item) => item.id === subjectId);
  const courseName = course.data?.name ?? '';

  /** Generating a subject's chapters marks it has_chapters, then shows its chapters. */
  const generate = async (item: Subject) => {
    setNotice(null);
    try {
      await generateChapters.mutateAsync({ courseId, subjectId: item.id });
      setSubjectId(item.id);
    } catch (failure) {
      setNotice(reportGenerationFailure(failure, GENERATION_TEXT.generateChaptersFailed));
    }
  };

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
        <Panel title="Subjects">
          <QueryList
            query={subjects}
            loadingLabel="Loading subjects"
            failureMessage={SUBJECT_TEXT.loadFailed}
            emptyText={SUBJECT_TEXT.empty}
          >
            {(items) =>
              items.map((item) => {
                const busy = generatingChapters.has(item.id);
                return (
                  <Row
                    key={item.id}
                    name={item.name}
                    chosen={item.id === subjectId}
                    actions={(describedBy) => (
                      <>
                        {item.has_chapters && (
                          <Button
                            size="small"
                            variant={item.id === subjectId ? 'contained' : 'outlined'}
                            aria-describedby={describedBy}
                            disabled={busy}
                            onClick={() => setSubjectId(item.id)}
                          >
                            View Chapters
                          </Button>
                        )}
                        <GenerateButton
                          noun="Chapters"
                          exists={item.has_chapters}
                          updateLabel="Update"
                          busy={busy}
                          size="small"
                          aria-describedby={describedBy}
                          onClick={() => void generate(item)}
                        />
                      </>
                    )}
                  />
                );
              })
            }
          </QueryList>
        </Panel>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {subject ? (
            <ChaptersPanel
              key={subject.id}
              courseId={courseId}
              subject={subject}
              notify={setNotice}
            />
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
