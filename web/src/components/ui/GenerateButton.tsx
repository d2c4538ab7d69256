import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Button, { type ButtonProps } from '@mui/material/Button';

/**
 * The magic-wand button of a level: 'Generate {noun}' when it is empty, 'Update {noun}' (or
 * `updateLabel`) when it has items, 'Generating...' / 'Updating...' and disabled while Gemini
 * works.
 */
export function GenerateButton({
  noun,
  exists,
  busy,
  updateLabel = `Update ${noun}`,
  disabled,
  ...props
}: { noun: string; exists: boolean; busy: boolean; updateLabel?: string } & Omit<
  ButtonProps,
  'children'
>) {
  const label = busy
    ? exists
      ? 'Updating...'
      : 'Generating...'
    : exists
      ? updateLabel
      : `Generate ${noun}`;
  return (
    <Button startIcon={<AutoFixHighIcon />} disabled={busy || disabled} {...props}>
      {label}
    </Button>
  );
}
