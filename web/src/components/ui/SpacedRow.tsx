import Box, { type BoxProps } from '@mui/material/Box';

/** A wrapping row with its items at both ends, vertically centred: a title and its actions. */
export function SpacedRow({ gap = 2, sx, ...props }: BoxProps & { gap?: number }) {
  return (
    <Box
      {...props}
      sx={[
        {
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
