import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CardGrid } from '../../../components/ui/CardGrid';

/**
 * An approved testimonial as the home page shows it. The caller picks which ones to show
 * (approved and rated at least HOME_MIN_RATING: see `fetchApprovedTestimonials`).
 */
export interface HomeTestimonial {
  id: string;
  quote: string;
  rating: number;
  author: string;
}

/** Whole stars plus a half star when the fraction is .5 or more. */
export function displayedStars(rating: number): number {
  return Math.min(5, Math.max(0, Math.floor(rating * 2) / 2));
}

interface TestimonialsSectionProps {
  testimonials: HomeTestimonial[];
  loading?: boolean;
  error?: string | null;
  /** Shown under the list, e.g. the signed-in user's link to write a review. */
  action?: ReactNode;
}

export function TestimonialsSection({
  testimonials,
  loading = false,
  error = null,
  action,
}: TestimonialsSectionProps) {
  let body: ReactNode;
  if (loading) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading testimonials" />
      </Box>
    );
  } else if (error) {
    body = <Alert severity="error">{error}</Alert>;
  } else if (testimonials.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        No testimonials yet. Be the first to share your experience!
      </Typography>
    );
  } else {
    body = (
      <CardGrid>
        {testimonials.map((testimonial) => (
          <Card component="li" key={testimonial.id}>
            <CardContent
              component="figure"
              sx={{ m: 0, p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
            >
              <Rating
                value={displayedStars(testimonial.rating)}
                precision={0.5}
                readOnly
                size="small"
              />
              <Typography component="blockquote" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                “{testimonial.quote}”
              </Typography>
              <Typography component="figcaption" variant="body2" sx={{ fontWeight: 600 }}>
                {testimonial.author}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </CardGrid>
    );
  }

  return (
    <Container
      component="section"
      aria-labelledby="testimonials-heading"
      maxWidth="lg"
      sx={{ py: 8 }}
    >
      <Typography id="testimonials-heading" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
        What authors say
      </Typography>
      {body}
      {action && <Box sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}>{action}</Box>}
    </Container>
  );
}
