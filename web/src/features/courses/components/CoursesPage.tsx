import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function CoursesPage() {
  return <ContentLayout title="My Courses" />;
}
