import type { ShapeOptions } from '@mui/material/styles';

export const shape: ShapeOptions = {
  borderRadius: 10,
};
