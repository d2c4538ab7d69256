import type { Topic } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RegenerateWithInstructions } from '../../../../components/form/RegenerateWithInstructions';
import { CitationsRemovedAlert } from '../../lesson/CitationsRemovedAlert';
import { LessonView } from '../../lesson/LessonView';
import { generationErrorMessage } from '../../lib/generation-errors';
import { GENERATION_TEXT, LESSON_HISTORY_TEXT } from '../../lib/messages';
import { OUTLINE_TEXT } from '../outline-messages';

/**
 * The outline page's main area below its title: the content buttons, the lesson (or its empty
 * state) and, on desktop, Previous/Next within the expanded chapter.
 */
export function TopicPanel({
  topic,
  content,
  contentLoading,
  noChapters,
  previous,
  next,
  showSteps,
  generating,
  draft,
  hasHistory,
  removedCitations,
  onDismissRemovedCitations,
  lessonNotice,
  onSelect,
  onAddContent,
  onEditContent,
  onDeleteContent,
  onGenerateContent,
  onRegenerateContent,
  onOpenHistory,
}: {
  topic: Topic | undefined;
  content: string | null | undefined;
  contentLoading: boolean;
  noChapters: boolean;
  previous: Topic | undefined;
  next: Topic | undefined;
  showSteps: boolean;
  /** A lesson is being generated (for this topic or another): content actions wait. */
  generating: boolean;
  /** The lesson Gemini is writing for this topic, as far as it got; null when not this one. */
  draft: string | null;
  /** The topic has a lesson or kept versions of one: History is offered. */
  hasHistory: boolean;
  /** Citations the check removed from this topic's lesson just generated (0: none, or no message). */
  removedCitations: number;
  onDismissRemovedCitations: () => void;
  /** Shown above the lesson (another feature's notice about it). */
  lessonNotice?: ReactNode;
  onSelect: (topic: Topic) => void;
  onGenerateContent: () => void;
  /** Regenerate with instructions: resolves once the new lesson is stored. */
  onRegenerateContent: (instructions: string) => Promise<unknown>;
  onAddContent: () => void;
  onEditContent: () => void;
  onDeleteContent: () => void;
  onOpenHistory: () => void;
}) {
  if (!topic) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, textAlign: 'center' }}>
        <Typography>{OUTLINE_TEXT.selectTopicHint}</Typography>
        {noChapters && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {OUTLINE_TEXT.firstGenerateHint}
          </Typography>
        )}
      </Paper>
    );
  }

  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {content && (
          <>
            <Button
              variant="outlined"
              startIcon={<EditIcon />}
              onClick={onEditContent}
              disabled={generating}
            >
              Edit Content
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={onDeleteContent}
              disabled={generating}
            >
              Delete Content
            </Button>
          </>
        )}
        {hasHistory && (
          <Button
            variant="outlined"
            startIcon={<HistoryIcon />}
            onClick={onOpenHistory}
            disabled={generating}
          >
            {LESSON_HISTORY_TEXT.open}
          </Button>
        )}
        <Button
          variant={content ? 'outlined' : 'contained'}
          startIcon={<AutoFixHighIcon />}
          onClick={onGenerateContent}
          disabled={generating || contentLoading}
        >
          {generating ? 'Processing...' : content ? 'Update Content' : 'Generate Content'}
        </Button>
        {content && (
          <RegenerateWithInstructions
            what={`the lesson ${topic.name}`}
            variant="outlined"
            size="medium"
            disabled={generating || contentLoading}
            failureMessage={(failure) =>
              generationErrorMessage(failure, GENERATION_TEXT.updateContentFailed)
            }
            onRegenerate={onRegenerateContent}
          />
        )}
        {!content && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={onAddContent}
            disabled={contentLoading || generating}
          >
            Add Content
          </Button>
        )}
      </Stack>
      <CitationsRemovedAlert removed={removedCitations} onClose={onDismissRemovedCitations} />
      {content && draft === null && lessonNotice}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <LessonView draft={draft} loading={contentLoading} markdown={content} idPrefix={topic.id} />
      </Paper>
      {showSteps && (previous || next) && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
          <Box>
            {previous && (
              <Button startIcon={<ArrowBackIcon />} onClick={() => onSelect(previous)}>
                Previous: {previous.name}
              </Button>
            )}
          </Box>
          <Box>
            {next && (
              <Button endIcon={<ArrowForwardIcon />} onClick={() => onSelect(next)}>
                Next: {next.name}
              </Button>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}
