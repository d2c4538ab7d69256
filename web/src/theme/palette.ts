import type { PaletteOptions } from '@mui/material/styles';

/** Brand colours. Components refer to these through the theme, never by value. */
export const palette: PaletteOptions = {
  mode: 'light',
  primary: { main: '#3f51b5', light: '#6573c3', dark: '#2c387e', contrastText: '#ffffff' },
  secondary: { main: '#00796b', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
  success: { main: '#2e7d32' },
  warning: { main: '#ed6c02' },
  error: { main: '#d32f2f' },
  info: { main: '#0288d1' },
  background: { default: '#f7f8fc', paper: '#ffffff' },
  text: { primary: '#1c1f2e', secondary: '#555b6e' },
  divider: '#e3e5ee',
};
