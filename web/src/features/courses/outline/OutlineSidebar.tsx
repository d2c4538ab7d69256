import type { Chapter, Topic } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { GenerateButton } from '../components/GenerateButton';
import { OUTLINE_TEXT } from '../course-messages';
import { ChapterItem, type ChapterActions } from './ChapterItem';

export interface SidebarActions {
  onAddChapter: () => void;
  onGenerateChapters: () => void;
  chapter: (chapter: Chapter) => ChapterActions;
}

/** The outline page's left column: course, Back to Subjects, and the chapter accordion. */
export function OutlineSidebar({
  id,
  courseId,
  courseName,
  chapters,
  chaptersFailed,
  onRetryChapters,
  expandedId,
  expandedTopics,
  topicsLoading,
  generatingChapters,
  generatingTopicsOf,
  selectedTopicId,
  actions,
}: {
  id: string;
  courseId: string;
  courseName: string;
  chapters: Chapter[] | undefined;
  chaptersFailed: boolean;
  onRetryChapters: () => void;
  expandedId: string | null;
  expandedTopics: Topic[] | undefined;
  topicsLoading: boolean;
  generatingChapters: boolean;
  /** Chapters whose topics are being generated. */
  generatingTopicsOf: ReadonlySet<string>;
  selectedTopicId: string | null;
  actions: SidebarActions;
}) {
  let body;
  if (chaptersFailed) {
    body = <RetryAlert message={OUTLINE_TEXT.chaptersLoadFailed} onRetry={onRetryChapters} />;
  } else if (!chapters) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label="Loading chapters" />
      </Box>
    );
  } else if (chapters.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
        {OUTLINE_TEXT.noChapters}
      </Typography>
    );
  } else {
    body = (
      <List disablePadding aria-label="Chapters">
        {chapters.map((chapter) => (
          <ChapterItem
            key={chapter.id}
            chapter={chapter}
            expanded={chapter.id === expandedId}
            topics={chapter.id === expandedId ? expandedTopics : undefined}
            topicsLoading={chapter.id === expandedId && topicsLoading}
            generatingTopics={generatingTopicsOf.has(chapter.id)}
            selectedTopicId={selectedTopicId}
            actions={actions.chapter(chapter)}
          />
        ))}
      </List>
    );
  }

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
          to={`/courses/${courseId}/subjects`}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ mt: 1, ml: -1 }}
        >
          Back to Subjects
        </Button>
      </Box>
      {body}
      {chapters && (
        <Box sx={{ px: 2, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <GenerateButton
            noun="Chapters"
            exists={chapters.length > 0}
            busy={generatingChapters}
            variant={chapters.length === 0 ? 'contained' : 'outlined'}
            size="small"
            onClick={actions.onGenerateChapters}
          />
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
