import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useApprovedTestimonials } from '../../../lib/testimonials/get-approved-testimonials';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ClosingCallToAction } from './ClosingCallToAction';
import { FeatureCards } from './FeatureCards';
import { HeroSection } from './HeroSection';
import { HowItWorks } from './HowItWorks';
import { TestimonialsSection } from './TestimonialsSection';

export const TESTIMONIALS_FAILED = 'Failed to load testimonials';

/** A signed-in user's way from the testimonials to writing their own. */
export function ShareYourExperience() {
  return (
    <Button component={RouterLink} to={paths.writeReview} variant="outlined">
      Share your experience
    </Button>
  );
}

/**
 * /home, the landing page. The testimonials' fetch brings the contracts (and zod) in a chunk of
 * its own, so they are not loaded before the page is interactive.
 */
export function HomePage() {
  useDocumentTitle('AI-Assisted Course Authoring');
  const session = useSession();
  const testimonials = useApprovedTestimonials();

  return (
    <>
      <HeroSection />
      <FeatureCards />
      <HowItWorks />
      <TestimonialsSection
        testimonials={testimonials.data ?? []}
        loading={testimonials.isPending}
        error={testimonials.isError ? TESTIMONIALS_FAILED : null}
        action={session.user && <ShareYourExperience />}
      />
      <ClosingCallToAction />
    </>
  );
}
