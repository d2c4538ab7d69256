import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import type { HomeTestimonial } from './TestimonialCards';

const TestimonialCards = lazy(() =>
  import('./TestimonialCards').then((m) => ({ default: m.TestimonialCards })),
);

export type { HomeTestimonial };

interface TestimonialsSectionProps {
  testimonials: HomeTestimonial[];
  loading?: boolean;
  error?: string | null;
  /** Shown under the list, e.g. the signed-in user's link to write a review. */
  action?: ReactNode;
}

function LoadingTestimonials() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label="Loading testimonials" />
    </Box>
  );
}

export function TestimonialsSection({
  testimonials,
  loading = false,
  error = null,
  action,
}: TestimonialsSectionProps) {
  let body: ReactNode;
  if (loading) {
    body = <LoadingTestimonials />;
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
      <Suspense fallback={<LoadingTestimonials />}>
        <TestimonialCards testimonials={testimonials} />
      </Suspense>
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
