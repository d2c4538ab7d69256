import { ORDER_MAX_ITEMS, type Chapter, type Subject, type Topic } from '@coursecraft/contracts';
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
import { ContentLayout } from '../../../../components/layouts/ContentLayout';
import { MoveToChapterDialog } from '../../../../components/sortable/MoveToChapterDialog';
import { SortableList } from '../../../../components/sortable/SortableList';
import { stepActions } from '../../../../components/sortable/step-actions';
import { useSortableItem } from '../../../../components/sortable/use-sortable-item';
import { MoreActionsMenu, type MenuAction } from '../../../../components/ui/MoreActionsMenu';
import { UndoSnackbar } from '../../../../components/ui/UndoSnackbar';
import { RegenerateWithInstructions } from '../../../../components/form/RegenerateWithInstructions';
import { GenerateButton } from '../../../../components/ui/GenerateButton';
import { PageBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { QueryList } from '../../../../components/ui/QueryList';
import { LoadingSpinner } from '../../../../components/ui/QueryState';
import { paths } from '../../../../config/paths';
import { ConfirmLevelRegeneration } from '../../generation/ConfirmLevelRegeneration';
import {
  chaptersFailureMessage,
  topicsFailureMessage,
  useLevelGeneration,
} from '../../generation/use-level-generation';
import { useChapters } from '../../api/get-chapters';
import { useCourse } from '../../api/get-course';
import { useSubjects } from '../../api/get-subjects';
import { useTopics } from '../../api/get-topics';
import { TREE_LIST_TEXT } from '../../lib/messages';
import { outlineLinkState } from '../../lib/outline-link';
import { useUndoableMoves, type UndoableMoves } from '../../lib/use-undoable-moves';
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
 * One row of a sortable list: its drag handle, its name, its buttons and its More actions,
 * marked when it is the chosen one. The buttons are described by the row's name, so 'View
 * Topics' says which chapter it opens.
 */
function Row({
  id,
  name,
  chosen = false,
  moreActions,
  actions,
  children,
}: {
  id: string;
  name: string;
  chosen?: boolean;
  moreActions: MenuAction[];
  actions?: (describedBy: string) => ReactNode;
  /** Replaces the plain name (a link to the topic's lesson). */
  children?: ReactNode;
}) {
  const nameId = useId();
  const { setNodeRef, style, dragging, handle } = useSortableItem({
    id,
    data: { kind: 'item', name },
  });
  return (
    <ListItem
      ref={setNodeRef}
      style={style}
      divider
      disablePadding={children !== undefined}
      sx={{
        gap: 1,
        pl: 0.5,
        flexWrap: 'wrap',
        bgcolor: chosen || dragging ? 'action.selected' : undefined,
      }}
      aria-current={chosen ? 'true' : undefined}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flex: '1 1 12rem', minWidth: 0 }}>
        {handle}
        {children ?? (
          <ListItemText
            primary={name}
            slotProps={{ primary: { id: nameId } }}
            sx={{ overflowWrap: 'anywhere', minWidth: 0, ml: 0.5 }}
          />
        )}
        <MoreActionsMenu label={name} actions={moreActions} />
      </Box>
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions(nameId)}</Box>}
    </ListItem>
  );
}

function TopicsPanel({
  courseId,
  subject,
  chapter,
  chapters,
  generating,
  moves,
}: {
  courseId: string;
  subject: Subject;
  chapter: Chapter;
  /** The subject's chapters, for Move to chapter…. */
  chapters: Chapter[];
  generating: boolean;
  moves: UndoableMoves;
}) {
  const topics = useTopics({ courseId, subjectId: subject.id }, chapter.id);
  const [moving, setMoving] = useState<Topic | null>(null);
  const list = { level: 'topics' as const, courseId, subjectId: subject.id, chapterId: chapter.id };
  const reorder = (ids: string[], previousIds: string[]) => moves.reorder(list, ids, previousIds);
  const moveTo = (topic: Topic, toChapterId: string) => {
    const fromIndex = topics.data?.findIndex((item) => item.id === topic.id) ?? 0;
    moves.moveTopic(
      { from: { ...list, topicId: topic.id }, toChapterId, index: ORDER_MAX_ITEMS },
      Math.max(fromIndex, 0),
    );
  };
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
          {(items) => (
            <SortableList
              items={items}
              noun="Topic"
              place={`Chapter ${chapter.name}`}
              onReorder={reorder}
            >
              {items.map((topic) => (
                <Row
                  key={topic.id}
                  id={topic.id}
                  name={topic.name}
                  moreActions={[
                    ...stepActions(
                      items.map((item) => item.id),
                      topic.id,
                      reorder,
                    ),
                    { label: 'Move to chapter…', onClick: () => setMoving(topic) },
                  ]}
                >
                  <ListItemButton
                    component={RouterLink}
                    to={paths.outline(courseId, subject.id, topic.id)}
                    state={outlineLinkState(chapter.id)}
                    sx={{ minWidth: 0, flexGrow: 1, px: 0.5 }}
                  >
                    <ListItemText primary={topic.name} sx={{ overflowWrap: 'anywhere' }} />
                  </ListItemButton>
                </Row>
              ))}
            </SortableList>
          )}
        </QueryList>
      )}
      {moving && (
        <MoveToChapterDialog
          topicName={moving.name}
          chapters={chapters}
          currentChapterId={chapter.id}
          onClose={() => setMoving(null)}
          onMove={(toChapterId) => moveTo(moving, toChapterId)}
        />
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
  moves,
}: {
  courseId: string;
  subject: Subject;
  notify: Notify;
  moves: UndoableMoves;
}) {
  const ref = { courseId, subjectId: subject.id };
  const reorder = (ids: string[], previousIds: string[]) =>
    moves.reorder({ level: 'chapters', ...ref }, ids, previousIds);
  const chapters = useChapters(ref);
  const [chosenId, setChosenId] = useState<string | null>(null);
  // Generated (or regenerated) topics are shown while they are being listed.
  const generation = useLevelGeneration({ courseId, notify, onTopicsStarting: setChosenId });
  const generatingTopics = generation.generatingTopics;
  const chosen = chapters.data?.find((chapter) => chapter.id === chosenId);

  /** Shows the chapter's topics, generating them first when it has none. */
  const view = (chapter: Chapter) => {
    setChosenId(chapter.id);
    return generation.openChapter(subject.id, chapter);
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
          {(items) => (
            <SortableList
              items={items}
              noun="Chapter"
              place={`Subject ${subject.name}`}
              onReorder={reorder}
            >
              {items.map((chapter) => {
                const busy = generatingTopics.has(chapter.id);
                return (
                  <Row
                    key={chapter.id}
                    id={chapter.id}
                    name={chapter.name}
                    chosen={chapter.id === chosenId}
                    moreActions={stepActions(
                      items.map((item) => item.id),
                      chapter.id,
                      reorder,
                    )}
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
                          onClick={() => generation.requestTopics(subject.id, chapter)}
                        />
                        {chapter.has_topics && (
                          <RegenerateWithInstructions
                            what={`topics of ${chapter.name}`}
                            disabled={busy}
                            failureMessage={topicsFailureMessage}
                            onRegenerate={(instructions) =>
                              generation.regenerateTopics(subject.id, chapter.id, instructions)
                            }
                          />
                        )}
                      </>
                    )}
                  />
                );
              })}
            </SortableList>
          )}
        </QueryList>
      </Panel>
      {chosen && (
        <TopicsPanel
          courseId={courseId}
          subject={subject}
          chapter={chosen}
          chapters={chapters.data ?? []}
          generating={generatingTopics.has(chosen.id)}
          moves={moves}
        />
      )}
      <ConfirmLevelRegeneration generation={generation} />
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
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const generation = useLevelGeneration({
    courseId,
    notify: setNotice,
    onChaptersGenerated: setSubjectId,
  });
  const generatingChapters = generation.generatingChapters;
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
        <Panel title="Subjects">
          <QueryList
            query={subjects}
            loadingLabel="Loading subjects"
            failureMessage={SUBJECT_TEXT.loadFailed}
            emptyText={SUBJECT_TEXT.empty}
          >
            {(items) => (
              <SortableList items={items} noun="Subject" onReorder={reorder}>
                {items.map((item) => {
                  const busy = generatingChapters.has(item.id);
                  return (
                    <Row
                      key={item.id}
                      id={item.id}
                      name={item.name}
                      chosen={item.id === subjectId}
                      moreActions={stepActions(
                        items.map((subjectItem) => subjectItem.id),
                        item.id,
                        reorder,
                      )}
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
                            onClick={() =>
                              generation.requestChapters({
                                subjectId: item.id,
                                subjectName: item.name,
                                exists: item.has_chapters,
                              })
                            }
                          />
                          {item.has_chapters && (
                            <RegenerateWithInstructions
                              what={`chapters of ${item.name}`}
                              disabled={busy}
                              failureMessage={chaptersFailureMessage}
                              onRegenerate={(instructions) =>
                                generation.regenerateChapters(item.id, instructions)
                              }
                            />
                          )}
                        </>
                      )}
                    />
                  );
                })}
              </SortableList>
            )}
          </QueryList>
        </Panel>
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
