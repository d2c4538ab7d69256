import {
  INSTRUCTIONS_MAX_LENGTH,
  QUESTION_MESSAGES,
  instructionsSchema,
} from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QUESTIONS_TEXT } from '../questions-text';

/**
 * Regenerate with instructions: says what a regeneration replaces (the generated questions;
 * those written or edited by hand stay) and takes an optional instruction. Regenerate waits for
 * the new questions; a failure keeps the dialog and what was typed.
 */
export function RegenerateQuestionsDialog({
  failureMessage,
  onRegenerate,
  onClose,
}: {
  failureMessage: (error: Error) => string;
  /** Gets the instruction, or undefined when none was typed. */
  onRegenerate: (instructions: string | undefined) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [instructions, setInstructions] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: onRegenerate,
    onSuccess: onClose,
    onError: (error) => console.error(QUESTIONS_TEXT.regenerateTitle, error),
  });
  const busy = run.isPending;

  const submit = () => {
    if (instructions.trim() === '') {
      setInvalid(null);
      run.mutate(undefined);
      return;
    }
    const parsed = instructionsSchema.safeParse(instructions);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    run.mutate(parsed.data);
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={busy ? undefined : onClose}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{QUESTIONS_TEXT.regenerateTitle}</DialogTitle>
        <DialogContent>
          {run.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failureMessage(run.error)}
            </Alert>
          )}
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {QUESTION_MESSAGES.regenerateConfirm}
          </DialogContentText>
          <TextField
            label={QUESTIONS_TEXT.instructions}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            error={invalid !== null}
            helperText={invalid ?? undefined}
            slotProps={{ htmlInput: { maxLength: INSTRUCTIONS_MAX_LENGTH } }}
            multiline
            minRows={3}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {QUESTIONS_TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {busy ? QUESTIONS_TEXT.regenerating : QUESTIONS_TEXT.regenerateSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
