import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function CreateCoursePage() {
  return <ContentLayout title="Create Course" />;
}
