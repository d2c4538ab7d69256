import type { Chapter, Topic } from '@coursecraft/contracts';
import { useDndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSortableItem } from '../../../../components/sortable/use-sortable-item';
import { EditDeleteButtons } from '../../../../components/ui/EditDeleteButtons';
import { RegenerateWithInstructions } from '../../../../components/form/RegenerateWithInstructions';
import { GenerateButton } from '../../../../components/ui/GenerateButton';
import { generationErrorMessage } from '../../lib/generation-errors';
import { MoreActionsMenu, type MenuAction } from '../../../../components/ui/MoreActionsMenu';
import { GENERATION_TEXT, TREE_LIST_TEXT } from '../../lib/messages';
import { chapterDragId, topicDragId } from '../outline-dnd';

/** Green when the topic has a lesson, grey when not. */
function ContentDot({ hasContent }: { hasContent: boolean }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={hasContent ? 'Has content' : 'No content yet'}
      data-has-content={hasContent}
      sx={{
        flexShrink: 0,
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: hasContent ? 'success.main' : 'grey.400',
        mr: 1.5,
      }}
    />
  );
}

export interface ChapterActions {
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddTopic: () => void;
  onGenerateTopics: () => void;
  /** Regenerate with instructions: resolves once the new topics are in, rejects on failure. */
  onRegenerateTopics: (instructions: string) => Promise<unknown>;
  onSelectTopic: (topic: Topic) => void;
  onEditTopic: (topic: Topic) => void;
  onDeleteTopic: (topic: Topic) => void;
  /** Move up / Move down of the chapter. */
  moreActions: MenuAction[];
  /** Move up / Move down / Move to chapter… of one of its topics. */
  topicMoreActions: (topic: Topic) => MenuAction[];
}

/** What is being dragged in the outline right now, if anything. */
function useDraggedKind(): 'chapter' | 'topic' | null {
  const id = String(useDndContext().active?.id ?? '');
  if (id.startsWith(chapterDragId(''))) return 'chapter';
  if (id.startsWith(topicDragId(''))) return 'topic';
  return null;
}

/** One topic of the open chapter: its drag handle, name, edit, delete and More actions. */
function TopicRow({
  topic,
  selected,
  actions,
}: {
  topic: Topic;
  selected: boolean;
  actions: ChapterActions;
}) {
  const { setNodeRef, style, dragging, handle } = useSortableItem({
    id: topicDragId(topic.id),
    data: { kind: 'topic', name: topic.name },
    dropDisabled: useDraggedKind() === 'chapter',
  });
  return (
    <ListItem
      ref={setNodeRef}
      style={style}
      disablePadding
      sx={{ display: 'flex', bgcolor: dragging ? 'background.paper' : undefined }}
    >
      {handle}
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={() => actions.onSelectTopic(topic)}
        sx={{ minWidth: 0, pl: 0.5 }}
      >
        <ContentDot hasContent={topic.has_content} />
        <ListItemText
          primary={topic.name}
          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
      <EditDeleteButtons
        label={`topic ${topic.name}`}
        onEdit={() => actions.onEditTopic(topic)}
        onDelete={() => actions.onDeleteTopic(topic)}
      />
      <MoreActionsMenu label={`topic ${topic.name}`} actions={actions.topicMoreActions(topic)} />
    </ListItem>
  );
}

/**
 * One accordion entry of the outline: the chapter row (sortable among chapters, and a place to
 * drop a topic of another chapter) and, when expanded, its sortable topics.
 */
export function ChapterItem({
  chapter,
  expanded,
  topics,
  topicsLoading,
  generatingTopics,
  selectedTopicId,
  actions,
  section,
}: {
  chapter: Chapter;
  expanded: boolean;
  topics: Topic[] | undefined;
  topicsLoading: boolean;
  generatingTopics: boolean;
  selectedTopicId: string | null;
  actions: ChapterActions;
  /** What other features show with the expanded chapter's buttons. */
  section?: ReactNode;
}) {
  const panelId = `chapter-${chapter.id}-topics`;
  const dragged = useDraggedKind();
  const { setNodeRef, style, dragging, over, handle } = useSortableItem({
    id: chapterDragId(chapter.id),
    data: { kind: 'chapter', name: chapter.name },
    // A topic dropped on its own chapter's row would go nowhere.
    dropDisabled: dragged === 'topic' && expanded,
  });
  const topicLandsHere = over && dragged === 'topic';
  return (
    <ListItem
      ref={setNodeRef}
      style={style}
      disablePadding
      sx={{ display: 'block', bgcolor: dragging ? 'background.paper' : undefined }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          pl: 0.5,
          outline: topicLandsHere ? 2 : 0,
          outlineColor: 'primary.main',
          outlineOffset: -2,
          bgcolor: topicLandsHere ? 'action.hover' : undefined,
        }}
      >
        {handle}
        <ListItemButton
          onClick={actions.onToggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          sx={{ minWidth: 0, py: 1, pl: 0.5 }}
        >
          <ListItemText
            primary={chapter.name}
            slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
          />
          {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </ListItemButton>
        <EditDeleteButtons
          label={`chapter ${chapter.name}`}
          onEdit={actions.onEdit}
          onDelete={actions.onDelete}
        />
        <MoreActionsMenu label={`chapter ${chapter.name}`} actions={actions.moreActions} />
      </Box>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <Box id={panelId} sx={{ pl: 1.5, pb: 1 }}>
          {topicsLoading ? (
            <CircularProgress size={20} aria-label="Loading topics" sx={{ m: 1.5 }} />
          ) : (
            <List dense disablePadding aria-label={`Topics of ${chapter.name}`}>
              {topics?.length === 0 && (
                <ListItem>
                  <Typography variant="body2" color="text.secondary">
                    {TREE_LIST_TEXT.noTopics}
                  </Typography>
                </ListItem>
              )}
              <SortableContext
                items={(topics ?? []).map((topic) => topicDragId(topic.id))}
                strategy={verticalListSortingStrategy}
              >
                {topics?.map((topic) => (
                  <TopicRow
                    key={topic.id}
                    topic={topic}
                    selected={topic.id === selectedTopicId}
                    actions={actions}
                  />
                ))}
              </SortableContext>
            </List>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, ml: 1 }}>
            <GenerateButton
              noun="Topics"
              exists={chapter.has_topics}
              busy={generatingTopics}
              disabled={topicsLoading}
              size="small"
              onClick={actions.onGenerateTopics}
            />
            {chapter.has_topics && (
              <RegenerateWithInstructions
                what={`topics of ${chapter.name}`}
                disabled={generatingTopics || topicsLoading}
                failureMessage={(failure) =>
                  generationErrorMessage(failure, GENERATION_TEXT.generateTopicsFailed)
                }
                onRegenerate={actions.onRegenerateTopics}
              />
            )}
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={actions.onAddTopic}
              disabled={generatingTopics}
            >
              Add Topic
            </Button>
            {section}
          </Box>
        </Box>
      </Collapse>
    </ListItem>
  );
}
