import {
  DEFAULT_RATING,
  QUOTE_MAX_LENGTH,
  testimonialInputSchema,
  type Testimonial,
  type TestimonialInput,
} from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form/FormTextField';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { serverErrorOr } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateTestimonial } from '../api/create-testimonial';
import { useDeleteTestimonial } from '../api/delete-testimonial';
import { useUpdateTestimonial } from '../api/update-testimonial';
import { FIELD_LABELS, SUCCESS_CLOSE_MS, TESTIMONIAL_TEXT } from '../testimonial-messages';

type Banner = { severity: 'success' | 'error'; text: string };

/**
 * Writes a new testimonial, or edits (or deletes) `testimonial`. The quote is checked when the
 * form is submitted. A success shows its message for SUCCESS_CLOSE_MS, then the form closes; a
 * deletion closes it at once through `onDeleted`.
 */
export function TestimonialForm({
  testimonial,
  onClose,
  onDeleted,
}: {
  testimonial: Testimonial | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const editing = testimonial !== null;
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const remove = useDeleteTestimonial();
  const { control, handleSubmit } = useZodForm(testimonialInputSchema, {
    defaultValues: {
      quote: testimonial?.quote ?? '',
      rating: testimonial?.rating ?? DEFAULT_RATING,
    },
  });
  const quote = useWatch({ control, name: 'quote' });
  const [banner, setBanner] = useState<Banner | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const saving = create.isPending || update.isPending;
  const deleting = remove.isPending;
  const done = create.isSuccess || update.isSuccess;
  const locked = saving || deleting || done;

  const save = (input: TestimonialInput) => {
    if (locked) return;
    setBanner(null);
    const outcome = {
      onSuccess: () => {
        setBanner({
          severity: 'success',
          text: editing ? TESTIMONIAL_TEXT.updated : TESTIMONIAL_TEXT.submitted,
        });
        closeTimer.current = window.setTimeout(onClose, SUCCESS_CLOSE_MS);
      },
      onError: (failure: Error) => {
        const fallback = editing ? TESTIMONIAL_TEXT.updateFailed : TESTIMONIAL_TEXT.submitFailed;
        setBanner({ severity: 'error', text: serverErrorOr(failure, fallback) });
      },
    };
    if (testimonial) update.mutate({ testimonial, input }, outcome);
    else create.mutate(input, outcome);
  };

  /** Runs inside the confirmation, which closes either way; a failure shows in the form. */
  const confirmDelete = (current: Testimonial) => {
    setBanner(null);
    return remove.mutateAsync(current).then(onDeleted, (failure: unknown) =>
      setBanner({
        severity: 'error',
        text: serverErrorOr(failure, TESTIMONIAL_TEXT.deleteFailed),
      }),
    );
  };

  let submitLabel = editing ? 'Update' : 'Submit';
  if (create.isPending) submitLabel = 'Submitting...';
  if (update.isPending) submitLabel = 'Updating...';

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-labelledby="testimonial-form-title"
      onSubmit={(event: FormEvent) => void handleSubmit(save)(event)}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Typography id="testimonial-form-title" variant="h6" component="h2">
          {editing ? 'Edit Testimonial' : 'New Testimonial'}
        </Typography>
        {banner && (
          <Alert severity={banner.severity} onClose={done ? undefined : () => setBanner(null)}>
            {banner.text}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="quote"
          label={FIELD_LABELS.quote}
          multiline
          minRows={4}
          fullWidth
          disabled={locked}
          autoFocus
          helperText={`${quote.length}/${QUOTE_MAX_LENGTH}`}
          slotProps={{ htmlInput: { maxLength: QUOTE_MAX_LENGTH } }}
        />
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {FIELD_LABELS.rating}
          </Typography>
          <Controller
            control={control}
            name="rating"
            render={({ field }) => (
              <Rating
                name="testimonial-rating"
                value={field.value ?? DEFAULT_RATING}
                size="large"
                disabled={locked}
                onChange={(_event, value) => {
                  // Clicking the current star clears a Rating; a testimonial always has one.
                  if (value !== null && Number.isInteger(value)) field.onChange(value);
                }}
                onBlur={field.onBlur}
              />
            )}
          />
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            gap: 1,
          }}
        >
          {editing && (
            <Button
              color="error"
              onClick={() => setConfirmingDelete(true)}
              disabled={locked}
              sx={{ mr: 'auto' }}
            >
              {deleting ? 'Deleting...' : 'Delete'}
            </Button>
          )}
          <Button onClick={onClose} disabled={saving || deleting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={locked}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
      {confirmingDelete && testimonial && (
        <ConfirmDialog
          title="Delete Testimonial"
          confirmLabel="Delete"
          failureMessage={TESTIMONIAL_TEXT.deleteFailed}
          onClose={() => setConfirmingDelete(false)}
          onConfirm={() => confirmDelete(testimonial)}
        >
          <DialogContentText>{TESTIMONIAL_TEXT.deleteConfirm}</DialogContentText>
        </ConfirmDialog>
      )}
    </Paper>
  );
}
