import { QUIZ_MESSAGES } from '@coursecraft/contracts';
import QuizIcon from '@mui/icons-material/Quiz';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { ChapterIds } from '../api/chapter-quiz-keys';
import { ChapterQuizDialog } from './ChapterQuizDialog';

/** Chapter quiz, among the expanded chapter's buttons on the outline page: opens its settings. */
export function ChapterQuizButton({
  chapter,
  chapterName,
}: {
  chapter: ChapterIds;
  chapterName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<QuizIcon />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {QUIZ_MESSAGES.chapterQuiz}
      </Button>
      {open && (
        <ChapterQuizDialog
          chapter={chapter}
          chapterName={chapterName}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
