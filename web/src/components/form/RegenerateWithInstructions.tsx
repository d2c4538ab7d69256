import { INSTRUCTIONS_MAX_LENGTH, instructionsSchema } from '@coursecraft/contracts';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { NameDialog } from './NameDialog';

/**
 * "Regenerate with instructions" beside a regenerate button: a dialog asks **What should
 * change?** and **Regenerate** hands the instruction on, waiting for the new version ('Regenerating...'),
 * so a failure keeps the dialog and what was typed. `what` names the list or lesson (e.g. 'Topics
 * of Limits') for the dialog's title and the button's accessible name.
 */
export function RegenerateWithInstructions({
  what,
  disabled,
  failureMessage,
  onRegenerate,
  size = 'small',
  variant = 'text',
}: {
  what: string;
  disabled?: boolean;
  failureMessage: (error: Error) => string;
  onRegenerate: (instructions: string) => Promise<unknown>;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        startIcon={<EditNoteIcon />}
        disabled={disabled}
        aria-label={`Regenerate with instructions: ${what}`}
        onClick={() => setOpen(true)}
      >
        Regenerate with instructions
      </Button>
      {open && (
        <NameDialog
          title={`Regenerate ${what} with instructions`}
          label="What should change?"
          helperText='For example "fewer chapters, more practice" or "explain with a cooking analogy".'
          submitLabel="Regenerate"
          busyLabel="Regenerating..."
          fieldSchema={instructionsSchema}
          maxLength={INSTRUCTIONS_MAX_LENGTH}
          prose
          failureMessage={failureMessage}
          onClose={() => setOpen(false)}
          onSubmit={onRegenerate}
        />
      )}
    </>
  );
}
