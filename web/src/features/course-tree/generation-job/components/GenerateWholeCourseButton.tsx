import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { reportGenerationFailure } from '../../lib/generation-errors';
import { useStartGeneration } from '../api/start-generation';
import { useCourseJob } from '../api/use-course-job';
import { JOB_TEXT } from './job-text';

/**
 * 'Generate Whole Course': starts the job that drafts everything still missing in the course
 * (or finds the one already running) and calls `onStarted` with it; the course's job panel then
 * shows its progress. Disabled while the course's job runs; a refusal (no API key, nothing
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

  const generate = async () => {
    setError(null);
    try {
      const { jobId } = await start.mutateAsync(courseId);
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
