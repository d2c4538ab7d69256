import { OUTLINE_NAME_MAX_LENGTH } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod';
import { useZodForm } from '../../lib/use-zod-form';
import { FormTextField } from './FormTextField';
import { FormDialog } from './FormDialog';

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
  const failure =
    save.error &&
    (typeof failureMessage === 'string' ? failureMessage : failureMessage(save.error));

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      busy={save.isPending}
      dirty={isDirty}
      error={failure}
      maxWidth={multiline ? 'lg' : 'sm'}
      onClose={onClose}
      onSubmit={handleSubmit(({ text }) => save.mutate(text))}
    >
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
    </FormDialog>
  );
}
