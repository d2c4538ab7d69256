import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A tab's loading spinner, named for what is loading. */
export function TabSpinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
