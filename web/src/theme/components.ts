import type { Components, Theme } from '@mui/material/styles';

/** Per-component customizations layered over the primitives. */
export const components: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: (theme) => ({
      ':focus-visible': {
        outline: `3px solid ${theme.palette.secondary.main}`,
        outlineOffset: 2,
      },
    }),
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        '&.Mui-focusVisible': {
          outline: `3px solid ${theme.palette.secondary.main}`,
          outlineOffset: 2,
        },
      }),
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focusVisible': {
          outline: `3px solid ${theme.palette.secondary.main}`,
          outlineOffset: 2,
        },
      }),
    },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focusVisible': {
          outline: `3px solid ${theme.palette.secondary.main}`,
          outlineOffset: -3,
        },
      }),
    },
  },
  MuiLink: {
    defaultProps: { underline: 'hover' },
  },
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'inherit' },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: theme.palette.background.paper,
        borderBottom: `1px solid ${theme.palette.divider}`,
      }),
    },
  },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
  },
  MuiChip: {
    styleOverrides: {
      root: { fontWeight: 600 },
    },
  },
};
