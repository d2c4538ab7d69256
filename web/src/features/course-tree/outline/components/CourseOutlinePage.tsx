import { ORDER_MAX_ITEMS, type Chapter, type Topic } from '@coursecraft/contracts';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { GenerationJobPanel } from '../../generation-job/components/GenerationJobPanel';
import { MoveToChapterDialog } from '../../../../components/sortable/MoveToChapterDialog';
import { PageBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { UndoSnackbar } from '../../../../components/ui/UndoSnackbar';
import { paths } from '../../../../config/paths';
import { reportLessonFailure, useGenerateContent } from '../../api/generate-content';
import { ConfirmLevelRegeneration } from '../../generation/ConfirmLevelRegeneration';
import { useLevelGeneration } from '../../generation/use-level-generation';
import { useChapters } from '../../api/get-chapters';
import { useContent } from '../../api/get-content';
import { useLessonVersions } from '../../api/get-lesson-versions';
import { useCourse } from '../../api/get-course';
import { useSubject } from '../../api/get-subject';
import { useTopics } from '../../api/get-topics';
import { useUndoableMoves } from '../../lib/use-undoable-moves';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useCreateChapter } from '../api/create-chapter';
import { useCreateContent } from '../api/create-content';
import { useCreateTopic } from '../api/create-topic';
import { useDeleteChapter } from '../api/delete-chapter';
import { useDeleteContent } from '../api/delete-content';
import { useDeleteTopic } from '../api/delete-topic';
import { useUpdateChapter } from '../api/update-chapter';
import { useUpdateContent } from '../api/update-content';
import { useUpdateTopic } from '../api/update-topic';
import type { OutlineDrop } from '../outline-dnd';
import { OUTLINE_TEXT } from '../outline-messages';
import { useOutlineSelection } from '../use-outline-selection';
import { OutlineDialogs, type OutlineModal, type OutlineModalActions } from './OutlineDialogs';
import { OutlineSidebar, type SidebarActions } from './OutlineSidebar';
import { TopicPanel } from './TopicPanel';

/** History loads when first opened. */
const LessonHistoryDialog = lazy(() =>
  import('../../lesson/LessonHistoryDialog').then((m) => ({
    default: m.LessonHistoryDialog,
  })),
);

const SIDEBAR_ID = 'course-outline-sidebar';
const SIDEBAR_WIDTH = 320;

/** Load failures on this page are only logged; a failed content load shows no lesson. */
function useLoggedFailure(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error);
  }, [error, what]);
}

/**
 * /courses/{c}/subjects/{s}/content[/{topic_id}]: the chapter accordion on the left, the selected
 * topic's lesson on the right, with add, edit and delete for chapters, topics and content.
 */
export function CourseOutlinePage() {
  const { courseId = '', subjectId = '', topicId } = useParams();
  const subjectRef = { courseId, subjectId };
  const course = useCourse(courseId);
  const subject = useSubject(subjectRef);
  const chapters = useChapters(subjectRef);
  const selection = useOutlineSelection({ courseId, subjectId, topicId, chapters: chapters.data });
  const { expandedId, selectedChapterId, selectedTopicId } = selection;
  const selectedTopics = useTopics(subjectRef, selectedChapterId);
  const selectedRef =
    selectedChapterId !== null && selectedTopicId !== null
      ? { ...subjectRef, chapterId: selectedChapterId, topicId: selectedTopicId }
      : null;
  const content = useContent(subjectRef, selectedRef);
  // A topic without a lesson may still have versions of one (its lesson was deleted).
  const versions = useLessonVersions(selectedRef, { enabled: content.data === null });
  const lessons = useGenerateContent(subjectRef);
  const createChapter = useCreateChapter(subjectRef);
  const updateChapter = useUpdateChapter(subjectRef);
  const deleteChapter = useDeleteChapter(subjectRef);
  const createTopic = useCreateTopic(subjectRef);
  const updateTopic = useUpdateTopic(subjectRef);
  const deleteTopic = useDeleteTopic(subjectRef);
  const createContent = useCreateContent(subjectRef);
  const updateContent = useUpdateContent(subjectRef);
  const deleteContent = useDeleteContent(subjectRef);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [modal, setModal] = useState<OutlineModal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [choosingChapter, setChoosingChapter] = useState<{
    chapterId: string;
    topic: Topic;
  } | null>(null);
  const moves = useUndoableMoves();
  const generation = useLevelGeneration({
    courseId,
    notify: setNotice,
    onTopicsGenerated: (chapterId, first) => {
      if (first) selection.selectTopic(chapterId, first.id);
    },
  });

  useLoggedFailure(course.error, 'the course');
  useLoggedFailure(subject.error, 'the subject');
  useLoggedFailure(chapters.error, 'the chapters');
  useLoggedFailure(selection.expandedTopics.error, 'the topics');
  useLoggedFailure(content.error, 'the content');

  const topic = selectedTopics.data?.find((item) => item.id === selectedTopicId);
  const chapter = chapters.data?.find((item) => item.id === selectedChapterId);
  const expandedTopics = selection.expandedTopics.data ?? [];
  const position = expandedTopics.findIndex((item) => item.id === selectedTopicId);
  const previous = position > 0 ? expandedTopics[position - 1] : undefined;
  const next = position >= 0 ? expandedTopics[position + 1] : undefined;
  const markdown = content.data;
  useDocumentTitle(topic?.name ?? OUTLINE_TEXT.selectTopic);

  const selectTopic = (chapterId: string, picked: Topic) => {
    selection.selectTopic(chapterId, picked.id);
    if (narrow) setSidebarOpen(false);
  };

  const chapterOpened = (item: Chapter) => generation.openChapter(subjectId, item);

  const toggleChapter = async (item: Chapter) => {
    const expanding = expandedId !== item.id;
    selection.toggleChapter(item.id);
    if (expanding) await chapterOpened(item);
  };

  // The chapter that opens by itself when the page loads counts as opened, once per page load
  // (of this subject).
  const autoOpenSettledFor = useRef<string | null>(null);
  const { openedByItself } = selection;
  const onOpenedByItself = useEffectEvent((chapterId: string | null) => {
    const item = chapters.data?.find((chapter) => chapter.id === chapterId);
    if (item) void chapterOpened(item);
  });
  useEffect(() => {
    if (openedByItself === undefined || autoOpenSettledFor.current === subjectId) return;
    autoOpenSettledFor.current = subjectId;
    onOpenedByItself(openedByItself);
  }, [openedByItself, subjectId]);

  /** A topic moved to the end of another chapter; the selection follows the selected topic. */
  const moveTopic = (
    topic: Topic,
    fromChapterId: string,
    fromIndex: number,
    toChapterId: string,
  ) => {
    moves.moveTopic(
      {
        from: { ...subjectRef, chapterId: fromChapterId, topicId: topic.id },
        toChapterId,
        index: ORDER_MAX_ITEMS,
      },
      fromIndex,
      (chapterId) => {
        if (topic.id === selectedTopicId) selection.selectTopic(chapterId, topic.id);
      },
    );
  };

  const reorder = (change: OutlineDrop) => {
    if (change.kind === 'chapters') {
      moves.reorder({ level: 'chapters', ...subjectRef }, change.ids, change.previousIds);
    } else if (change.kind === 'topics') {
      const list = { level: 'topics' as const, ...subjectRef, chapterId: change.chapterId };
      moves.reorder(list, change.ids, change.previousIds);
    } else {
      moveTopic(change.topic, change.fromChapterId, change.fromIndex, change.toChapterId);
    }
  };

  const sidebarActions: SidebarActions = {
    onReorder: reorder,
    onRegenerateChapters: (instructions) => generation.regenerateChapters(subjectId, instructions),
    onChooseChapter: (chapterId, picked) => setChoosingChapter({ chapterId, topic: picked }),
    onAddChapter: () => setModal({ kind: 'addChapter' }),
    onGenerateChapters: () =>
      generation.requestChapters({
        subjectId,
        subjectName: subject.data?.name ?? 'this subject',
        exists: (chapters.data?.length ?? 0) > 0,
      }),
    chapter: (item: Chapter) => ({
      onToggle: () => void toggleChapter(item),
      onGenerateTopics: () => generation.requestTopics(subjectId, item),
      onRegenerateTopics: (instructions) =>
        generation.regenerateTopics(subjectId, item.id, instructions),
      onEdit: () => setModal({ kind: 'editChapter', chapter: item }),
      onDelete: () => setModal({ kind: 'deleteChapter', chapter: item }),
      onAddTopic: () => {
        if (expandedId === null) setNotice(OUTLINE_TEXT.selectChapterFirst);
        else setModal({ kind: 'addTopic', chapterId: item.id });
      },
      onSelectTopic: (picked) => selectTopic(item.id, picked),
      onEditTopic: (picked) => setModal({ kind: 'editTopic', chapterId: item.id, topic: picked }),
      onDeleteTopic: (picked) =>
        setModal({ kind: 'deleteTopic', chapterId: item.id, topic: picked }),
    }),
  };

  const modalActions: OutlineModalActions = {
    addChapter: async (name) => {
      const created = await createChapter.mutateAsync(name);
      selection.expandChapter(created.id);
    },
    renameChapter: (item, name) => updateChapter.mutateAsync({ chapterId: item.id, name }),
    deleteChapter: async (item) => {
      await deleteChapter.mutateAsync(item.id);
      selection.chapterDeleted(item.id);
    },
    addTopic: async (chapterId, name) => {
      const created = await createTopic.mutateAsync({ chapterId, name });
      selection.selectTopic(chapterId, created.id);
    },
    renameTopic: (chapterId, item, name) =>
      updateTopic.mutateAsync({ chapterId, topicId: item.id, name }),
    deleteTopic: async (chapterId, item) => {
      await deleteTopic.mutateAsync({ chapterId, topicId: item.id });
      const remaining = (selection.expandedTopics.data ?? []).filter((t) => t.id !== item.id);
      selection.topicDeleted(chapterId, item.id, remaining);
    },
    saveContent: (chapterId, item, text, replace) =>
      (replace ? updateContent : createContent).mutateAsync({
        chapterId,
        topicId: item.id,
        content: text,
      }),
    deleteContent: (chapterId, item) => deleteContent.mutateAsync({ chapterId, topicId: item.id }),
  };

  const generateContent = async () => {
    if (!topic || !selectedChapterId) {
      setNotice(OUTLINE_TEXT.selectTopicFirst);
      return;
    }
    setNotice(null);
    try {
      await lessons.mutation.mutateAsync({ chapterId: selectedChapterId, topicId: topic.id });
    } catch (failure) {
      setNotice(reportLessonFailure(failure, Boolean(markdown)));
    }
  };

  const openContentModal = (kind: 'addContent' | 'editContent' | 'deleteContent') => {
    if (!topic || !selectedChapterId) {
      setNotice(OUTLINE_TEXT.selectTopicFirst);
      return;
    }
    const target = { chapterId: selectedChapterId, topic };
    if (kind === 'editContent') setModal({ kind, ...target, content: markdown ?? '' });
    else setModal({ kind, ...target });
  };

  const subjectPath = paths.outline(courseId, subjectId);
  const showSidebar = !narrow || sidebarOpen;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: { xs: 2, md: 3 },
          alignItems: 'flex-start',
        }}
      >
        {narrow && (
          <Button
            variant="outlined"
            startIcon={<MenuOpenIcon />}
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => setSidebarOpen((open) => !open)}
          >
            {sidebarOpen ? 'Hide Course Outline' : 'Show Course Outline'}
          </Button>
        )}
        {showSidebar && (
          <Box sx={{ width: { xs: '100%', md: SIDEBAR_WIDTH }, flexShrink: 0 }}>
            <OutlineSidebar
              id={SIDEBAR_ID}
              courseId={courseId}
              courseName={course.data?.name ?? ''}
              subjectName={subject.data?.name ?? ''}
              chapters={chapters}
              expandedId={expandedId}
              expandedTopics={selection.expandedTopics.data}
              topicsLoading={selection.expandedTopics.isPending}
              generatingChapters={generation.generatingChapters.has(subjectId)}
              generatingTopicsOf={generation.generatingTopics}
              selectedTopicId={selectedTopicId}
              actions={sidebarActions}
            />
          </Box>
        )}
        <Box component="section" sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <PageBreadcrumbs
            crumbs={[
              { label: 'Home', to: paths.home },
              { label: 'Courses', to: paths.courses },
              { label: course.data?.name ?? 'Course', to: paths.subjects(courseId) },
              topic
                ? { label: subject.data?.name ?? 'Subject', to: subjectPath }
                : { label: subject.data?.name ?? 'Subject' },
              ...(topic ? [{ label: topic.name }] : []),
            ]}
          />
          <Typography variant="h4" component="h1" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
            {topic?.name ?? OUTLINE_TEXT.selectTopic}
          </Typography>
          {chapter && topic && (
            <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
              {chapter.name}
            </Typography>
          )}
          <GenerationJobPanel courseId={courseId} sx={{ my: 2 }} />
          {notice && (
            <Alert severity="error" onClose={() => setNotice(null)} sx={{ my: 2 }}>
              {notice}
            </Alert>
          )}
          <Box sx={{ mt: 2 }}>
            <TopicPanel
              topic={topic}
              content={markdown}
              contentLoading={topic !== undefined && content.isPending}
              noChapters={chapters.data?.length === 0}
              previous={previous}
              next={next}
              showSteps={!narrow}
              onSelect={(picked) => expandedId && selectTopic(expandedId, picked)}
              onAddContent={() => openContentModal('addContent')}
              onEditContent={() => openContentModal('editContent')}
              onDeleteContent={() => openContentModal('deleteContent')}
              onGenerateContent={() => void generateContent()}
              onRegenerateContent={async (instructions) => {
                if (!topic || !selectedChapterId) return;
                await lessons.mutation.mutateAsync({
                  chapterId: selectedChapterId,
                  topicId: topic.id,
                  instructions,
                });
              }}
              generating={lessons.mutation.isPending}
              draft={lessons.draftOf(selectedTopicId)}
              hasHistory={Boolean(markdown) || (versions.data?.length ?? 0) > 0}
              onOpenHistory={() => setHistoryOpen(true)}
            />
          </Box>
        </Box>
      </Box>
      <OutlineDialogs modal={modal} actions={modalActions} onClose={() => setModal(null)} />
      <ConfirmLevelRegeneration generation={generation} />
      {choosingChapter && (
        <MoveToChapterDialog
          topicName={choosingChapter.topic.name}
          chapters={chapters.data ?? []}
          currentChapterId={choosingChapter.chapterId}
          onClose={() => setChoosingChapter(null)}
          onMove={(toChapterId) => {
            const { chapterId, topic: picked } = choosingChapter;
            const fromIndex = expandedTopics.findIndex((item) => item.id === picked.id);
            moveTopic(picked, chapterId, Math.max(fromIndex, 0), toChapterId);
          }}
        />
      )}
      {historyOpen && topic && selectedRef && (
        <Suspense fallback={null}>
          <LessonHistoryDialog
            topic={selectedRef}
            topicName={topic.name}
            onClose={() => setHistoryOpen(false)}
          />
        </Suspense>
      )}
      <UndoSnackbar notice={moves.notice} onClose={moves.dismiss} />
    </Container>
  );
}
