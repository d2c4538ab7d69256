import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centered spinner for pages that are loading code or data. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '50vh',
        width: '100%',
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
