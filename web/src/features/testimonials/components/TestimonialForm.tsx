import {
  DEFAULT_RATING,
  QUOTE_MAX_LENGTH,
  testimonialInputSchema,
  type Testimonial,
} from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { serverErrorOr } from '../../../lib/api-client';
import { FIELD_LABELS, SUCCESS_CLOSE_MS, TESTIMONIAL_TEXT } from '../testimonial-messages';
import { useTestimonialMutations } from '../testimonials-api';
import { DeleteTestimonialDialog } from './DeleteTestimonialDialog';

type Banner = { severity: 'success' | 'error'; text: string };

/**
 * Writes a new testimonial, or edits (or deletes) `testimonial`. A success shows its message for
 * SUCCESS_CLOSE_MS, then the form closes; a deletion closes it at once through `onDeleted`.
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
  const { create, update, remove } = useTestimonialMutations();
  const [quote, setQuote] = useState(testimonial?.quote ?? '');
  const [rating, setRating] = useState(testimonial?.rating ?? DEFAULT_RATING);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const saving = create.isPending || update.isPending;
  const deleting = remove.isPending;
  const done = banner?.severity === 'success';
  const locked = saving || deleting || done;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const parsed = testimonialInputSchema.safeParse({ quote, rating });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((item) => item.path[0] === 'quote');
      setQuoteError(issue?.message ?? null);
      return;
    }
    setBanner(null);
    try {
      if (testimonial) {
        await update.mutateAsync({ id: testimonial.id, input: parsed.data });
      } else {
        await create.mutateAsync(parsed.data);
      }
      setBanner({
        severity: 'success',
        text: editing ? TESTIMONIAL_TEXT.updated : TESTIMONIAL_TEXT.submitted,
      });
      closeTimer.current = window.setTimeout(onClose, SUCCESS_CLOSE_MS);
    } catch (failure) {
      const fallback = editing ? TESTIMONIAL_TEXT.updateFailed : TESTIMONIAL_TEXT.submitFailed;
      console.error(fallback, failure);
      setBanner({ severity: 'error', text: serverErrorOr(failure, fallback) });
    }
  };

  const confirmDelete = async () => {
    if (!testimonial) return;
    setBanner(null);
    try {
      await remove.mutateAsync(testimonial.id);
      setConfirmingDelete(false);
      onDeleted();
    } catch (failure) {
      console.error(TESTIMONIAL_TEXT.deleteFailed, failure);
      setConfirmingDelete(false);
      setBanner({ severity: 'error', text: serverErrorOr(failure, TESTIMONIAL_TEXT.deleteFailed) });
    }
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
      onSubmit={(event: FormEvent) => void submit(event)}
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
        <TextField
          label={FIELD_LABELS.quote}
          value={quote}
          onChange={(event) => {
            setQuote(event.target.value);
            setQuoteError(null);
          }}
          multiline
          minRows={4}
          fullWidth
          disabled={locked}
          autoFocus
          error={quoteError !== null}
          helperText={quoteError ?? `${quote.length}/${QUOTE_MAX_LENGTH}`}
          slotProps={{ htmlInput: { maxLength: QUOTE_MAX_LENGTH } }}
        />
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {FIELD_LABELS.rating}
          </Typography>
          <Rating
            name="testimonial-rating"
            value={rating}
            size="large"
            disabled={locked}
            onChange={(_event, value) => {
              // Clicking the current star clears a Rating; a testimonial always has one.
              if (value !== null && Number.isInteger(value)) setRating(value);
            }}
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
      <DeleteTestimonialDialog
        open={confirmingDelete}
        deleting={deleting}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Paper>
  );
}
