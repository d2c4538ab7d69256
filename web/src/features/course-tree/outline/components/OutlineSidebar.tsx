import type { Chapter, Topic } from '@coursecraft/contracts';
import { DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ORDER_ANNOUNCEMENTS } from '../../../../components/sortable/order-announcements';
import { stepActions } from '../../../../components/sortable/step-actions';
import { useSortSensors } from '../../../../components/sortable/use-sort-sensors';
import { RegenerateWithInstructions } from '../../../../components/form/RegenerateWithInstructions';
import { GenerateButton } from '../../../../components/ui/GenerateButton';
import { generationErrorMessage } from '../../lib/generation-errors';
import { LoadingSpinner, QueryState } from '../../../../components/ui/QueryState';
import { paths } from '../../../../config/paths';
import { GENERATION_TEXT, TREE_LIST_TEXT } from '../../lib/messages';
import {
  chapterDragId,
  outlineAnnouncements,
  outlineCollisions,
  outlineDrop,
  type OutlineDrop,
} from '../outline-dnd';
import { ChapterItem, type ChapterActions } from './ChapterItem';

type MoreActionsOf = 'moreActions' | 'topicMoreActions';

export interface SidebarActions {
  onAddChapter: () => void;
  onGenerateChapters: () => void;
  /** Regenerate with instructions: resolves once the new chapters are in, rejects on failure. */
  onRegenerateChapters: (instructions: string) => Promise<unknown>;
  chapter: (chapter: Chapter) => Omit<ChapterActions, MoreActionsOf>;
  /** A drop, Move up or Move down changed the order, or moved a topic to another chapter. */
  onReorder: (change: OutlineDrop) => void;
  /** Move to chapter… of a topic of `chapterId`. */
  onChooseChapter: (chapterId: string, topic: Topic) => void;
}

/** The outline page's left column: course, Back to Subjects, and the chapter accordion. */
export function OutlineSidebar({
  id,
  courseId,
  courseName,
  subjectName,
  chapters,
  expandedId,
  expandedTopics,
  topicsLoading,
  generatingChapters,
  generatingTopicsOf,
  selectedTopicId,
  actions,
  chapterSection,
}: {
  id: string;
  courseId: string;
  courseName: string;
  subjectName: string;
  chapters: Pick<UseQueryResult<Chapter[]>, 'isError' | 'data' | 'refetch'>;
  expandedId: string | null;
  expandedTopics: Topic[] | undefined;
  topicsLoading: boolean;
  generatingChapters: boolean;
  /** Chapters whose topics are being generated. */
  generatingTopicsOf: ReadonlySet<string>;
  selectedTopicId: string | null;
  actions: SidebarActions;
  /** What other features show in the expanded chapter (the tree's chapterSection slot). */
  chapterSection?: (chapter: Chapter) => ReactNode;
}) {
  const sensors = useSortSensors();
  const lists = { chapters: chapters.data ?? [], expandedId, topics: expandedTopics ?? [] };
  const chapterIds = lists.chapters.map((chapter) => chapter.id);
  const topicIds = lists.topics.map((topic) => topic.id);
  const actionsOf = (chapter: Chapter): ChapterActions => ({
    ...actions.chapter(chapter),
    moreActions: stepActions(chapterIds, chapter.id, (ids, previousIds) =>
      actions.onReorder({ kind: 'chapters', ids, previousIds }),
    ),
    topicMoreActions: (topic) => [
      ...stepActions(topicIds, topic.id, (ids, previousIds) =>
        actions.onReorder({ kind: 'topics', chapterId: chapter.id, ids, previousIds }),
      ),
      { label: 'Move to chapter…', onClick: () => actions.onChooseChapter(chapter.id, topic) },
    ],
  });
  return (
    <Paper
      id={id}
      component="nav"
      aria-label="Course outline"
      variant="outlined"
      sx={{ py: 2, alignSelf: 'flex-start', width: '100%' }}
    >
      <Box sx={{ px: 2, mb: 1 }}>
        <Typography variant="overline" component="h2" color="text.secondary">
          Course Outline
        </Typography>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {courseName}
        </Typography>
        <Button
          component={RouterLink}
          to={paths.subjects(courseId)}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ mt: 1, ml: -1 }}
        >
          Back to Subjects
        </Button>
      </Box>
      <QueryState
        query={chapters}
        failureMessage={TREE_LIST_TEXT.chaptersLoadFailed}
        loadingLabel="Loading chapters"
        loading={<LoadingSpinner label="Loading chapters" />}
        empty={
          <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
            {TREE_LIST_TEXT.noChapters}
          </Typography>
        }
      >
        {(list) => (
          <DndContext
            sensors={sensors}
            collisionDetection={outlineCollisions}
            accessibility={{
              announcements: outlineAnnouncements(lists),
              screenReaderInstructions: { draggable: ORDER_ANNOUNCEMENTS.instructions },
            }}
            onDragEnd={(event) => {
              const change = outlineDrop(event, lists);
              if (change) actions.onReorder(change);
            }}
          >
            <SortableContext
              items={list.map((chapter) => chapterDragId(chapter.id))}
              strategy={verticalListSortingStrategy}
            >
              <List disablePadding aria-label="Chapters">
                {list.map((chapter) => (
                  <ChapterItem
                    key={chapter.id}
                    chapter={chapter}
                    expanded={chapter.id === expandedId}
                    topics={chapter.id === expandedId ? expandedTopics : undefined}
                    topicsLoading={chapter.id === expandedId && topicsLoading}
                    generatingTopics={generatingTopicsOf.has(chapter.id)}
                    selectedTopicId={selectedTopicId}
                    actions={actionsOf(chapter)}
                    section={chapter.id === expandedId ? chapterSection?.(chapter) : undefined}
                  />
                ))}
              </List>
            </SortableContext>
          </DndContext>
        )}
      </QueryState>
      {chapters.data && (
        <Box sx={{ px: 2, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <GenerateButton
            noun="Chapters"
            exists={chapters.data.length > 0}
            busy={generatingChapters}
            variant={chapters.data.length === 0 ? 'contained' : 'outlined'}
            size="small"
            onClick={actions.onGenerateChapters}
          />
          {chapters.data.length > 0 && (
            <RegenerateWithInstructions
              what={`chapters of ${subjectName}`}
              disabled={generatingChapters}
              failureMessage={(failure) =>
                generationErrorMessage(failure, GENERATION_TEXT.generateChaptersFailed)
              }
              onRegenerate={actions.onRegenerateChapters}
            />
          )}
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            onClick={actions.onAddChapter}
            disabled={generatingChapters}
          >
            Add Chapter
          </Button>
        </Box>
      )}
    </Paper>
  );
}
