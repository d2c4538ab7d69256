import type { Testimonial, TestimonialStatus } from '@coursecraft/contracts';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STATUS_TEXT, TESTIMONIAL_TEXT } from '../testimonial-messages';
import { SpacedRow } from '../../../components/ui/SpacedRow';

const STATUS_COLOR: Record<TestimonialStatus, 'success' | 'warning' | 'error'> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'error',
};

/** The user's own testimonial: stars, quote, approval status and an Edit button. */
export function MyTestimonialCard({
  testimonial,
  onEdit,
}: {
  testimonial: Testimonial;
  onEdit: () => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Rating value={testimonial.rating} readOnly />
        <Typography component="blockquote" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          “{testimonial.quote}”
        </Typography>
        <SpacedRow>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Chip
              label={STATUS_TEXT[testimonial.status]}
              color={STATUS_COLOR[testimonial.status]}
              variant="outlined"
              size="small"
            />
            {testimonial.status === 'rejected' && (
              <Typography variant="body2" color="text.secondary">
                {TESTIMONIAL_TEXT.rejectedHint}
              </Typography>
            )}
          </Stack>
          <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
            Edit
          </Button>
        </SpacedRow>
      </Stack>
    </Paper>
  );
}
