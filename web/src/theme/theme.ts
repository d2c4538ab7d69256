import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { components } from './components';
import { palette } from './palette';
import { shape } from './shape';
import { typography } from './typography';

export const themeOptions: ThemeOptions = { palette, typography, shape, components };

export const theme = createTheme(themeOptions);
