import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A list of cards laid out one per row on phones and three per row from `md` up. */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}
