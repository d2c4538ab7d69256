import { QUIZ_MESSAGES } from '@coursecraft/contracts';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { LoadingSpinner } from '../../../components/ui/QueryState';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { formDialogClose } from '../../../components/form/form-dialog-close';
import type { ChapterIds } from '../api/chapter-quiz-keys';
import { useChapterQuiz } from '../api/get-chapter-quiz';
import { QUIZZES_TEXT } from '../quizzes-text';
import { ChapterQuizForm } from './ChapterQuizForm';

/**
 * The Chapter quiz dialog (full screen on phones): the chapter's quiz settings, loaded when it
 * opens. It stays open after Save, saying so, until Close or Escape.
 */
export function ChapterQuizDialog({
  chapter,
  chapterName,
  onClose,
}: {
  chapter: ChapterIds;
  chapterName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const quiz = useChapterQuiz(chapter);
  const [state, setState] = useState({ busy: false, dirty: false });
  const formId = useId();

  return (
    <Dialog
      open
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={formDialogClose(onClose, state)}
    >
      <DialogTitle id={titleId}>{QUIZ_MESSAGES.chapterQuiz}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="subtitle1" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {chapterName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {QUIZZES_TEXT.about}
        </Typography>
        {quiz.isError ? (
          <RetryAlert message={QUIZZES_TEXT.loadFailed} onRetry={() => void quiz.refetch()} />
        ) : quiz.data === undefined ? (
          <LoadingSpinner label="Loading quiz settings" size={32} />
        ) : (
          <ChapterQuizForm id={formId} chapter={chapter} quiz={quiz.data} onState={setState} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state.busy}>
          {QUIZZES_TEXT.close}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={state.busy || quiz.data === undefined}
        >
          {state.busy ? QUIZZES_TEXT.saving : QUIZ_MESSAGES.saveSettings}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
