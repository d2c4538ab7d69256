import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function AdminDashboardPage() {
  return <ContentLayout title="Admin Dashboard" />;
}
