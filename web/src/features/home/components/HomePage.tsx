import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ClosingCallToAction } from './ClosingCallToAction';
import { FeatureCards } from './FeatureCards';
import { HeroSection } from './HeroSection';
import { HowItWorks } from './HowItWorks';
import { TestimonialsSection } from './TestimonialsSection';

export function HomePage() {
  useDocumentTitle('AI-Assisted Course Authoring');
  const session = useSession();

  return (
    <>
      <HeroSection />
      <FeatureCards />
      <HowItWorks />
      <TestimonialsSection
        testimonials={[]}
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
