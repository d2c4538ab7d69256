import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function TopicContentPage() {
  return <ContentLayout title="Topic Content" />;
}
