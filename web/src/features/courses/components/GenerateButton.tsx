import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Button, { type ButtonProps } from '@mui/material/Button';

/**
 * The magic-wand button of a level: 'Generate {noun}' when it is empty, 'Update {noun}' when it
 * has items, 'Generating...' / 'Updating...' while Gemini works.
 */
export function GenerateButton({
  noun,
  exists,
  busy,
  disabled,
  ...props
}: { noun: string; exists: boolean; busy: boolean } & Omit<ButtonProps, 'children'>) {
  const label = busy
    ? exists
      ? 'Updating...'
      : 'Generating...'
    : `${exists ? 'Update' : 'Generate'} ${noun}`;
  return (
    <Button startIcon={<AutoFixHighIcon />} disabled={busy || disabled} {...props}>
      {label}
    </Button>
  );
}
