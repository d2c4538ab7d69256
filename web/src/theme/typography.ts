import type { TypographyVariantsOptions } from '@mui/material/styles';

const headingFamily = '"Inter", "Segoe UI", "Roboto", "Helvetica Neue", Arial, sans-serif';

export const typography: TypographyVariantsOptions = {
  fontFamily: headingFamily,
  h1: { fontSize: '2.5rem', fontWeight: 800, lineHeight: 1.15, letterSpacing: '-0.02em' },
  h2: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.01em' },
  h3: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25 },
  h4: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
  h5: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.3 },
  h6: { fontSize: '1.1rem', fontWeight: 600, lineHeight: 1.35 },
  subtitle1: { fontSize: '1.05rem', lineHeight: 1.5 },
  button: { textTransform: 'none', fontWeight: 600 },
};
