import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MicIcon from '@mui/icons-material/Mic';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { COURSE_TEXT } from '../course-messages';
import type { VoiceRecorderHandle } from './use-voice-recorder';

/** `seconds` as mm:ss. */
function formatClock(seconds: number): string {
  const whole = Math.floor(seconds);
  const minutes = String(Math.floor(whole / 60)).padStart(2, '0');
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

function Clock({ seconds }: { seconds: number }) {
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      sx={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatClock(seconds)}
    </Typography>
  );
}

/**
 * The voice block of the Create course page: Start Recording, Stop Recording, Play and
 * Clear, with what the recorder is doing. `disabled` holds every control while a course is being
 * generated.
 */
export function VoiceRecorder({
  recorder,
  disabled,
}: {
  recorder: VoiceRecorderHandle;
  disabled: boolean;
}) {
  const { status, starting, elapsedSeconds, recording, error } = recorder;
  const recorded = status === 'recorded';
  const headingId = useId();
  const controls: {
    label: string;
    icon: ReactNode;
    color: ButtonProps['color'];
    onClick: () => void;
    enabled: boolean;
  }[] = [
    {
      label: 'Start Recording',
      icon: <MicIcon />,
      color: 'primary',
      onClick: () => void recorder.start(),
      enabled: !starting && status !== 'recording',
    },
    {
      label: 'Stop Recording',
      icon: <StopIcon />,
      color: 'error',
      onClick: recorder.stop,
      enabled: status === 'recording',
    },
    {
      label: 'Play',
      icon: <PlayArrowIcon />,
      color: 'primary',
      onClick: recorder.play,
      enabled: recorded,
    },
    {
      label: 'Clear',
      icon: <DeleteOutlinedIcon />,
      color: 'inherit',
      onClick: recorder.clear,
      enabled: recorded,
    },
  ];
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Or record your description
      </Typography>
      <Stack spacing={1.5}>
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {controls.map(({ label, icon, color, onClick, enabled }) => (
            <Button
              key={label}
              variant="outlined"
              color={color}
              startIcon={icon}
              onClick={onClick}
              disabled={disabled || !enabled}
            >
              {label}
            </Button>
          ))}
        </Stack>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {status === 'recording' && (
            <FiberManualRecordIcon color="error" fontSize="small" aria-hidden="true" />
          )}
          {/* Always rendered, so screen readers announce the status when it changes. */}
          <Typography
            role="status"
            aria-live="polite"
            color={recorded ? 'success.main' : 'text.primary'}
          >
            {status === 'recording' && COURSE_TEXT.recording}
            {recorded && COURSE_TEXT.recorded}
          </Typography>
          {status === 'recording' && <Clock seconds={elapsedSeconds} />}
          {recorded && recording && <Clock seconds={recording.seconds} />}
        </Stack>
        {recording?.stoppedAtLimit && (
          <Typography variant="body2" color="text.secondary">
            The recording stopped at its length limit of about 5 minutes.
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
