import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { HOME_TESTIMONIALS_FAILED, useHomeTestimonials } from '../home-testimonials';
import { ClosingCallToAction } from './ClosingCallToAction';
import { FeatureCards } from './FeatureCards';
import { HeroSection } from './HeroSection';
import { HowItWorks } from './HowItWorks';
import { TestimonialsSection } from './TestimonialsSection';

export function HomePage() {
  useDocumentTitle('AI-Assisted Course Authoring');
  const session = useSession();
  const testimonials = useHomeTestimonials();

  return (
    <>
      <HeroSection />
      <FeatureCards />
      <HowItWorks />
      <TestimonialsSection
        testimonials={testimonials.data ?? []}
        loading={testimonials.isPending}
        error={testimonials.isError ? HOME_TESTIMONIALS_FAILED : null}
        action={
          session.user && (
            <Button component={RouterLink} to="/write-review" variant="outlined">
              Share your experience
            </Button>
          )
        }
      />
      <ClosingCallToAction />
    </>
  );
}
