import { JOB_LEVELS, type GenerationJob } from '@coursecraft/contracts';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';
import { serverErrorOr } from '../../../../lib/api-client';
import { useRetryFailedSteps } from '../api/retry-failed-steps';
import { useStopGeneration } from '../api/stop-generation';
import { useCourseJob } from '../api/use-course-job';
import { useCourseTreeRefresh } from '../api/use-course-tree-refresh';
import { hideJobEnd, jobEnd, readHiddenJobEnds } from './hidden-jobs';
import { JOB_TEXT, jobStatusText, levelText, stepText } from './job-text';

function StatusIcon({ job }: { job: GenerationJob }) {
  if (job.status === 'running') return <AutoFixHighIcon color="primary" />;
  if (job.failed > 0) return <WarningAmberIcon color="warning" />;
  if (job.status === 'stopped') return <StopCircleOutlinedIcon color="action" />;
  return <CheckCircleOutlineIcon color="success" />;
}

/** A titled list of steps with their messages: the failed steps, or the notes of done steps. */
function StepList({
  title,
  steps,
  icon,
}: {
  title: string;
  steps: GenerationJob['failed_steps'];
  icon?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography
        id={titleId}
        variant="subtitle2"
        component="p"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        {icon}
        {title}
      </Typography>
      {/* Focusable, so a long list can be scrolled with the keyboard. */}
      <Box
        component="ul"
        aria-labelledby={titleId}
        tabIndex={0}
        sx={{ m: 0, mt: 0.5, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}
      >
        {steps.map((step) => (
          <Typography
            key={step.id}
            component="li"
            variant="body2"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {stepText(step)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The progress of the course's latest Generate Whole Course job: a live status line, a progress
 * bar and Stop while it runs; how it ended, its failed steps and Retry failed steps after; the
 * notes of done steps (such as citations removed from a lesson) as they come. An
 * ended job can be hidden (for this tab). Nothing shows when the course never had a job. The
 * page's course tree is read again as the job writes it.
 */
export function GenerationJobPanel({ courseId, sx }: { courseId: string; sx?: SxProps<Theme> }) {
  const { job } = useCourseJob(courseId);
  useCourseTreeRefresh(courseId, job);
  const stop = useStopGeneration();
  const retry = useRetryFailedSteps();
  const [hiddenEnds, setHiddenEnds] = useState(readHiddenJobEnds);

  if (!job) return null;
  const running = job.status === 'running';
  if (!running && hiddenEnds.includes(jobEnd(job))) return null;
  const ref = { courseId, jobId: job.id };
  const levels = JOB_LEVELS.filter((level) => job.levels[level].total > 0);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={JOB_TEXT.panel}
      sx={[{ p: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <StatusIcon job={job} />
        <Typography
          role="status"
          aria-live="polite"
          sx={{ flexGrow: 1, fontWeight: 500, overflowWrap: 'anywhere' }}
        >
          {jobStatusText(job)}
        </Typography>
        {!running && (
          <IconButton
            size="small"
            aria-label={JOB_TEXT.hide}
            onClick={() => setHiddenEnds(hideJobEnd(jobEnd(job)))}
            sx={{ mt: -0.5 }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {running && (
        <LinearProgress
          variant="determinate"
          value={job.total > 0 ? Math.round((100 * job.done) / job.total) : 0}
          aria-label={JOB_TEXT.progress}
          aria-valuetext={`${job.done} of ${job.total} steps`}
          sx={{ mt: 1.5 }}
        />
      )}
      {levels.length > 0 && (
        <Box
          component="ul"
          aria-label={JOB_TEXT.levels}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 1.5,
            p: 0,
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 3,
            rowGap: 0.5,
          }}
        >
          {levels.map((level) => (
            <Typography key={level} component="li" variant="body2" color="text.secondary">
              {levelText(level, job.levels[level])}
            </Typography>
          ))}
        </Box>
      )}
      {job.failed_steps.length > 0 && (
        <StepList title={JOB_TEXT.failedSteps} steps={job.failed_steps} />
      )}
      {job.noted_steps.length > 0 && (
        <StepList
          title={JOB_TEXT.notes}
          steps={job.noted_steps}
          icon={<InfoOutlinedIcon color="info" fontSize="small" aria-hidden />}
        />
      )}
      {running ? (
        <Button
          variant="outlined"
          color="error"
          size="small"
          startIcon={<StopIcon />}
          disabled={stop.isPending}
          onClick={() => stop.mutate(ref)}
          sx={{ mt: 2 }}
        >
          {stop.isPending ? JOB_TEXT.stopping : JOB_TEXT.stop}
        </Button>
      ) : (
        job.failed > 0 && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<ReplayIcon />}
            disabled={retry.isPending}
            onClick={() => retry.mutate(ref)}
            sx={{ mt: 2 }}
          >
            {retry.isPending ? JOB_TEXT.retrying : JOB_TEXT.retry}
          </Button>
        )
      )}
      {running && stop.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverErrorOr(stop.error, JOB_TEXT.stopFailed)}
        </Alert>
      )}
      {!running && retry.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverErrorOr(retry.error, JOB_TEXT.retryFailed)}
        </Alert>
      )}
    </Paper>
  );
}
