import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function ProfilePage() {
  return <ContentLayout title="Profile" />;
}
