import type { Chapter, Topic } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useParams } from 'react-router';
import { MoveToChapterDialog } from '../../../../components/sortable/MoveToChapterDialog';
import { UndoSnackbar } from '../../../../components/ui/UndoSnackbar';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useChapters } from '../../api/get-chapters';
import { useContent } from '../../api/get-content';
import { useCourse } from '../../api/get-course';
import { useLessonVersions } from '../../api/get-lesson-versions';
import { useSubject } from '../../api/get-subject';
import { useTopics } from '../../api/get-topics';
import { ConfirmLevelRegeneration } from '../../generation/ConfirmLevelRegeneration';
import { useLevelGeneration } from '../../generation/use-level-generation';
import { GenerationJobPanel } from '../../generation-job/components/GenerationJobPanel';
import { LazyLessonHistoryDialog } from '../../lesson/LazyLessonHistoryDialog';
import { useCourseTreeSlots } from '../../slots';
import { OUTLINE_TEXT } from '../outline-messages';
import { useChapterOpenedByItself } from '../use-chapter-opened-by-itself';
import { useLoggedFailure } from '../use-logged-failure';
import { useOutlineLessonActions } from '../use-outline-lesson-actions';
import { useOutlineModalActions } from '../use-outline-modal-actions';
import { useOutlineMoves } from '../use-outline-moves';
import { useOutlineSelection } from '../use-outline-selection';
import { OutlineDialogs, type OutlineModal } from './OutlineDialogs';
import { OutlineHeading } from './OutlineHeading';
import { OutlineLayout } from './OutlineLayout';
import { OutlineSidebar, type SidebarActions } from './OutlineSidebar';
import { TopicPanel } from './TopicPanel';

const SIDEBAR_ID = 'course-outline-sidebar';

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
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [modal, setModal] = useState<OutlineModal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [choosingChapter, setChoosingChapter] = useState<{
    chapterId: string;
    topic: Topic;
  } | null>(null);
  const slots = useCourseTreeSlots();
  const moves = useOutlineMoves(subjectRef, selection, selectedTopicId);
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

  useChapterOpenedByItself(subjectId, selection.openedByItself, chapters.data, (item) => {
    void chapterOpened(item);
  });

  const sidebarActions: SidebarActions = {
    onReorder: moves.reorder,
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

  const modalActions = useOutlineModalActions(subjectRef, selection);

  const lesson = useOutlineLessonActions({
    subjectRef,
    chapterId: selectedChapterId,
    topic,
    markdown,
    notify: setNotice,
    openModal: setModal,
  });

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <OutlineLayout
        sidebarId={SIDEBAR_ID}
        narrow={narrow}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
        sidebar={
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
            chapterSection={
              slots.chapterSection &&
              ((item) =>
                slots.chapterSection?.(
                  { ...subjectRef, chapterId: item.id },
                  { chapterName: item.name },
                ))
            }
          />
        }
      >
        <OutlineHeading
          courseId={courseId}
          subjectId={subjectId}
          courseName={course.data?.name}
          subjectName={subject.data?.name}
          chapterName={chapter?.name}
          topic={topic}
        />
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
            onAddContent={() => lesson.openContentModal('addContent')}
            onEditContent={() => lesson.openContentModal('editContent')}
            onDeleteContent={() => lesson.openContentModal('deleteContent')}
            onGenerateContent={() => void lesson.generate()}
            onRegenerateContent={lesson.regenerate}
            generating={lesson.generating}
            draft={lesson.draftOf(selectedTopicId)}
            hasHistory={Boolean(markdown) || (versions.data?.length ?? 0) > 0}
            onOpenHistory={() => setHistoryOpen(true)}
            removedCitations={lesson.removedCitationsOf(selectedTopicId)}
            onDismissRemovedCitations={lesson.dismissRemovedCitations}
            lessonNotice={
              selectedRef &&
              slots.lessonNotice?.(selectedRef, {
                regenerate: () => void lesson.generate(),
                generating: lesson.generating,
              })
            }
          />
          {topic &&
            selectedRef &&
            slots.topicSection?.(selectedRef, { hasLesson: Boolean(markdown) })}
        </Box>
      </OutlineLayout>
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
            moves.moveTopic(picked, chapterId, Math.max(fromIndex, 0), toChapterId);
          }}
        />
      )}
      {historyOpen && topic && selectedRef && (
        <LazyLessonHistoryDialog
          topic={selectedRef}
          topicName={topic.name}
          onClose={() => setHistoryOpen(false)}
        />
      )}
      <UndoSnackbar notice={moves.notice} onClose={moves.dismiss} />
    </Container>
  );
}
