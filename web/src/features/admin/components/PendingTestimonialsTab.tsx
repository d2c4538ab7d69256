import { RATING_MAX, type Testimonial } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { CardGrid } from '../../../components/ui/CardGrid';
import { QueryState } from '../../../components/ui/QueryState';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ADMIN_LABELS, ADMIN_TEXT, formatDate } from '../admin-messages';
import { usePendingTestimonials } from '../api/get-pending-testimonials';
import { useReviewTestimonial } from '../api/review-testimonial';

/** A testimonial awaiting review; both buttons are disabled while its review runs. */
function PendingCard({ testimonial }: { testimonial: Testimonial }) {
  const review = useReviewTestimonial();
  const busy = review.isPending;
  const onReview = (approved: boolean) => review.mutate({ testimonial, approved });
  const { author } = testimonial;
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      aria-label={`Testimonial by ${author}`}
      component="article"
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {author}
        </Typography>
        <Rating
          value={testimonial.rating}
          max={RATING_MAX}
          readOnly
          size="small"
          getLabelText={ADMIN_LABELS.rating}
        />
        <Typography
          component="blockquote"
          sx={{ m: 0, mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          “{testimonial.quote}”
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Submitted {formatDate(testimonial.created_at)}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="contained"
          color="success"
          disabled={busy}
          onClick={() => onReview(true)}
          aria-label={ADMIN_LABELS.approve(author)}
        >
          Approve
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => onReview(false)}
          aria-label={ADMIN_LABELS.reject(author)}
        >
          Reject
        </Button>
      </CardActions>
    </Card>
  );
}

/** The Testimonials tab: testimonials awaiting review, each approved or rejected. */
export function PendingTestimonialsTab() {
  const pending = usePendingTestimonials();
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2">
          Pending Testimonials
        </Typography>
        {pending.data && (
          <Chip
            size="small"
            color={pending.data.length > 0 ? 'warning' : 'default'}
            label={ADMIN_LABELS.pendingCount(pending.data.length)}
          />
        )}
      </Box>
      <QueryState
        query={pending}
        failureMessage={ADMIN_TEXT.pendingLoadFailed}
        loadingLabel={ADMIN_TEXT.loadingPending}
        empty={<EmptyState hint={ADMIN_TEXT.noPending} />}
      >
        {(list) => (
          <CardGrid>
            {list.map((testimonial) => (
              <li key={testimonial.id}>
                <PendingCard testimonial={testimonial} />
              </li>
            ))}
          </CardGrid>
        )}
      </QueryState>
    </>
  );
}
