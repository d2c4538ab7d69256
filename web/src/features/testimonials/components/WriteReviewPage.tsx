import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function WriteReviewPage() {
  return <ContentLayout title="My Testimonial" />;
}
