import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LEARN_TEXT } from '../learn-messages';

/** The bar and "N of M topics completed"; a placeholder while the progress loads. */
export function CourseProgress({ done, total }: { done: number | undefined; total: number }) {
  if (done === undefined) {
    return (
      <Box aria-hidden>
        <Skeleton variant="rounded" height={8} />
        <Skeleton width={180} />
      </Box>
    );
  }
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={total === 0 ? 0 : (done / total) * 100}
        aria-label="Course progress"
        aria-valuetext={LEARN_TEXT.progress(done, total)}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography sx={{ mt: 1 }}>{LEARN_TEXT.progress(done, total)}</Typography>
    </Box>
  );
}
