import { QUESTION_MESSAGES } from '@coursecraft/contracts';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { reportGenerationFailure } from '../../lib/generation-errors';
import { useStartGeneration } from '../api/start-generation';
import { useCourseJob } from '../api/use-course-job';
import { JOB_TEXT } from './job-text';

/**
 * 'Generate Whole Course': starts the job that drafts everything still missing in the course
 * (or finds the one already running) and calls `onStarted` with it; the course's job panel then
 * shows its progress; "Include questions" beside it asks for each topic's questions too. Disabled while the course's job runs; a refusal (no API key, nothing
 * missing) shows the server's words in a snackbar.
 */
export function GenerateWholeCourseButton({
  courseId,
  onStarted,
  disabled,
  ...props
}: {
  courseId: string;
  onStarted?: (jobId: string) => void;
} & Omit<ButtonProps, 'children' | 'onClick'>) {
  const start = useStartGeneration();
  const running = useCourseJob(courseId).job?.status === 'running';
  const [error, setError] = useState<string | null>(null);
  const [includeQuestions, setIncludeQuestions] = useState(false);

  const generate = async () => {
    setError(null);
    try {
      const { jobId } = await start.mutateAsync({ courseId, includeQuestions });
      onStarted?.(jobId);
    } catch (failure) {
      setError(reportGenerationFailure(failure, JOB_TEXT.startFailed));
    }
  };

  return (
    <>
      <Button
        {...props}
        startIcon={
          start.isPending ? (
            <CircularProgress size={16} color="inherit" aria-hidden />
          ) : (
            <AutoFixHighIcon />
          )
        }
        disabled={disabled || running || start.isPending}
        aria-busy={start.isPending || undefined}
        onClick={() => void generate()}
      >
        {JOB_TEXT.start}
      </Button>
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={includeQuestions}
            disabled={disabled || running || start.isPending}
            onChange={(event) => setIncludeQuestions(event.target.checked)}
          />
        }
        label={QUESTION_MESSAGES.includeQuestions}
        slotProps={{ typography: { variant: 'body2' } }}
        sx={{ mx: 0 }}
      />
      <Snackbar
        open={error !== null}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setError(null);
        }}
      >
        <Alert
          severity="error"
          variant="filled"
          onClose={() => setError(null)}
          sx={{ width: '100%' }}
        >
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}
