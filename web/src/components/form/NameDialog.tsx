import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { OUTLINE_NAME_MAX_LENGTH } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod';
import { useZodForm } from '../../lib/use-zod-form';
import { FormTextField } from './FormTextField';
import { formDialogClose } from './form-dialog-close';

/**
 * A modal asking for one text: a name (create or rename a subject, chapter or topic) or, with
 * `multiline`, a topic's markdown. `fieldSchema` (a field of a contracts schema) validates and
 * trims it, with the schema's own message. Saving runs as a mutation: both buttons wait and the
 * submit button reads `busyLabel`; success closes the modal; a failure keeps it and its text open
 * with `failureMessage`. A click beside a changed text does not close it, so nothing typed is lost
 * by accident.
 */
export function NameDialog({
  title,
  label,
  initialValue = '',
  submitLabel,
  busyLabel,
  fieldSchema,
  failureMessage,
  multiline = false,
  prose = false,
  helperText,
  maxLength = OUTLINE_NAME_MAX_LENGTH,
  onClose,
  onSubmit,
}: {
  title: string;
  label: string;
  initialValue?: string;
  submitLabel: string;
  busyLabel: string;
  fieldSchema: z.ZodType<string, string>;
  /** A fixed text, or one drawn from the error (e.g. the server's message). */
  failureMessage: string | ((error: Error) => string);
  /** A markdown text: a large monospace field. */
  multiline?: boolean;
  /** A few lines of plain prose (an instruction): a small multiline field. */
  prose?: boolean;
  helperText?: string;
  maxLength?: number;
  onClose: () => void;
  /** Receives the validated, trimmed text. */
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const schema = useMemo(() => z.object({ text: fieldSchema }), [fieldSchema]);
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useZodForm(schema, {
    defaultValues: { text: initialValue },
  });
  const save = useMutation({
    mutationFn: onSubmit,
    onSuccess: onClose,
    onError: (error) =>
      console.error(typeof failureMessage === 'string' ? failureMessage : title, error),
  });
  const busy = save.isPending;

  return (
    <Dialog
      open
      onClose={formDialogClose(onClose, { busy, dirty: isDirty })}
      fullWidth
      maxWidth={multiline ? 'lg' : 'sm'}
    >
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(({ text }) => save.mutate(text))(event)}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {save.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {typeof failureMessage === 'string' ? failureMessage : failureMessage(save.error)}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="text"
            label={label}
            autoFocus
            fullWidth
            multiline={multiline || prose}
            minRows={multiline ? 12 : prose ? 3 : undefined}
            maxRows={multiline ? 24 : prose ? 8 : undefined}
            helperText={helperText}
            slotProps={{ htmlInput: { maxLength } }}
            sx={{ mt: 1, ...(multiline && { '& textarea': { fontFamily: 'monospace' } }) }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
