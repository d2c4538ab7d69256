import type { Chapter, Topic } from '@coursecraft/contracts';
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
import { EditDeleteButtons } from '../../../components/ui/EditDeleteButtons';
import { GenerateButton } from '../../../components/ui/GenerateButton';
import { TREE_LIST_TEXT } from '../../../lib/course-tree/messages';

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
  onSelectTopic: (topic: Topic) => void;
  onEditTopic: (topic: Topic) => void;
  onDeleteTopic: (topic: Topic) => void;
}

/** One accordion entry of the outline: the chapter row and, when expanded, its topics. */
export function ChapterItem({
  chapter,
  expanded,
  topics,
  topicsLoading,
  generatingTopics,
  selectedTopicId,
  actions,
}: {
  chapter: Chapter;
  expanded: boolean;
  topics: Topic[] | undefined;
  topicsLoading: boolean;
  generatingTopics: boolean;
  selectedTopicId: string | null;
  actions: ChapterActions;
}) {
  const panelId = `chapter-${chapter.id}-topics`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <ListItemButton
          onClick={actions.onToggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          sx={{ minWidth: 0, py: 1 }}
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
              {topics?.map((topic) => (
                <ListItem key={topic.id} disablePadding sx={{ display: 'flex' }}>
                  <ListItemButton
                    selected={topic.id === selectedTopicId}
                    aria-current={topic.id === selectedTopicId ? 'page' : undefined}
                    onClick={() => actions.onSelectTopic(topic)}
                    sx={{ minWidth: 0 }}
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
                </ListItem>
              ))}
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
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={actions.onAddTopic}
              disabled={generatingTopics}
            >
              Add Topic
            </Button>
          </Box>
        </Box>
      </Collapse>
    </ListItem>
  );
}
