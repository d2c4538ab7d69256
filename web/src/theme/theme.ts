import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { components } from './components';
import { palette } from './palette';
import { shape } from './shape';
import { typography } from './typography';

/** Screens below 768 px are narrow (docs/product.md), so `md` starts there. */
const breakpoints = { values: { xs: 0, sm: 600, md: 768, lg: 1200, xl: 1536 } };

export const themeOptions: ThemeOptions = { palette, typography, shape, components, breakpoints };

export const theme = createTheme(themeOptions);
