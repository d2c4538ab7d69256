import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { hasCasesEquation } from '../../../components/markdown/clean-content';
import { LESSON_TEXT } from '../lib/messages';
import { useEquationRefresh } from './use-equation-refresh';

/** The renderer (react-markdown, KaTeX) loads only once a lesson is on screen. */
const MarkdownView = lazy(() =>
  import('../../../components/markdown/MarkdownView').then((m) => ({ default: m.MarkdownView })),
);

/**
 * A stored lesson, drawn again 100 ms and 500 ms after it changes so equations laid out before
 * fonts or the page width settled are redrawn, with a link to redraw it by hand when it holds a
 * cases equation.
 */
function Lesson({ markdown, idPrefix }: { markdown: string; idPrefix: string }) {
  const { renderKey, refresh } = useEquationRefresh(markdown);
  return (
    <>
      {hasCasesEquation(markdown) && (
        <Link component="button" type="button" onClick={refresh} sx={{ mb: 2 }}>
          {LESSON_TEXT.equationRefresh}
        </Link>
      )}
      <Suspense fallback={<CircularProgress aria-label="Loading content" />}>
        <MarkdownView key={renderKey} markdown={markdown} idPrefix={idPrefix} />
      </Suspense>
    </>
  );
}

/**
 * A topic's lesson as the outline and topic pages show it: what Gemini has written so far while
 * it writes (`draft`), a spinner while the lesson loads, the lesson, or the empty state.
 */
export function LessonView({
  draft,
  loading,
  markdown,
  idPrefix,
}: {
  /** The lesson being streamed in; null when none is being written. */
  draft: string | null;
  loading: boolean;
  markdown: string | null | undefined;
  /** Keeps the lesson's footnote ids apart from other lessons' on the page: the topic's id. */
  idPrefix: string;
}) {
  if (draft !== null) {
    return (
      <Box aria-live="polite" aria-busy="true">
        <LinearProgress aria-label="Writing the lesson" sx={{ mb: 2 }} />
        {draft ? (
          <Suspense fallback={null}>
            <MarkdownView markdown={draft} idPrefix={idPrefix} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">{LESSON_TEXT.writing}</Typography>
        )}
      </Box>
    );
  }
  if (loading) return <CircularProgress aria-label="Loading content" />;
  if (markdown) return <Lesson markdown={markdown} idPrefix={idPrefix} />;
  return (
    <Box>
      <Typography>{LESSON_TEXT.noContent}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {LESSON_TEXT.noContentHint}
      </Typography>
    </Box>
  );
}
