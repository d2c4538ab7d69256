import type { Topic } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { OUTLINE_TEXT } from '../course-messages';
import { hasCasesEquation } from '../markdown/clean-content';
import { useEquationRefresh } from '../markdown/use-equation-refresh';

/** The renderer (react-markdown, KaTeX) loads only once a lesson is on screen. */
const MarkdownView = lazy(() =>
  import('../markdown/MarkdownView').then((m) => ({ default: m.MarkdownView })),
);

function Lesson({ markdown }: { markdown: string }) {
  const { renderKey, refresh } = useEquationRefresh(markdown);
  return (
    <>
      {hasCasesEquation(markdown) && (
        <Link component="button" type="button" onClick={refresh} sx={{ mb: 2 }}>
          {OUTLINE_TEXT.equationRefresh}
        </Link>
      )}
      <Suspense fallback={<CircularProgress aria-label="Loading content" />}>
        <MarkdownView key={renderKey} markdown={markdown} />
      </Suspense>
    </>
  );
}

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
  onSelect,
  onAddContent,
  onEditContent,
  onDeleteContent,
  onGenerateContent,
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
  onSelect: (topic: Topic) => void;
  onGenerateContent: () => void;
  onAddContent: () => void;
  onEditContent: () => void;
  onDeleteContent: () => void;
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
        <Button
          variant={content ? 'outlined' : 'contained'}
          startIcon={<AutoFixHighIcon />}
          onClick={onGenerateContent}
          disabled={generating || contentLoading}
        >
          {generating ? 'Processing...' : content ? 'Update Content' : 'Generate Content'}
        </Button>
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
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {draft !== null ? (
          <Box aria-live="polite" aria-busy="true">
            <LinearProgress aria-label="Writing the lesson" sx={{ mb: 2 }} />
            {draft ? (
              <Suspense fallback={null}>
                <MarkdownView markdown={draft} />
              </Suspense>
            ) : (
              <Typography color="text.secondary">Gemini is writing the lesson...</Typography>
            )}
          </Box>
        ) : contentLoading ? (
          <CircularProgress aria-label="Loading content" />
        ) : content ? (
          <Lesson markdown={content} />
        ) : (
          <Box>
            <Typography>{OUTLINE_TEXT.noContent}</Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {OUTLINE_TEXT.noContentHint}
            </Typography>
          </Box>
        )}
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
