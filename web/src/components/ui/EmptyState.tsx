import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What an empty list says: an optional heading, a hint, and an action to fill it. */
export function EmptyState({
  title,
  hint,
  action,
}: {
  title?: string;
  hint?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      {title && (
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      )}
      {hint && (
        <Typography color="text.secondary" sx={{ mt: title ? 1 : 0 }}>
          {hint}
        </Typography>
      )}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Paper>
  );
}
