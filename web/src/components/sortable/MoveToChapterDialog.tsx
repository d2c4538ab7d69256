import type { Chapter } from '@coursecraft/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

/**
 * Move to chapter…: the subject's chapters to choose from (the topic's own one cannot be chosen);
 * Move hands the choice on and closes, the move itself shows at once and can be undone.
 */
export function MoveToChapterDialog({
  topicName,
  chapters,
  currentChapterId,
  onMove,
  onClose,
}: {
  topicName: string;
  chapters: Chapter[];
  currentChapterId: string;
  onMove: (chapterId: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const others = chapters.filter((chapter) => chapter.id !== currentChapterId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Move {topicName} to chapter
      </DialogTitle>
      <DialogContent>
        {others.length === 0 ? (
          <Typography color="text.secondary">
            This subject has no other chapter. Add one first.
          </Typography>
        ) : (
          <RadioGroup
            aria-labelledby={titleId}
            value={chosen ?? ''}
            onChange={(event) => setChosen(event.target.value)}
          >
            {chapters.map((chapter) => (
              <FormControlLabel
                key={chapter.id}
                value={chapter.id}
                disabled={chapter.id === currentChapterId}
                control={<Radio />}
                label={chapter.id === currentChapterId ? `${chapter.name} (current)` : chapter.name}
                sx={{ overflowWrap: 'anywhere' }}
              />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={chosen === null}
          onClick={() => {
            if (chosen === null) return;
            onMove(chosen);
            onClose();
          }}
        >
          Move
        </Button>
      </DialogActions>
    </Dialog>
  );
}
