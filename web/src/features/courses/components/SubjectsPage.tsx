import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function SubjectsPage() {
  return <ContentLayout title="Subjects" />;
}
