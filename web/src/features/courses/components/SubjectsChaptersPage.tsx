import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function SubjectsChaptersPage() {
  return <ContentLayout title="Subjects and Chapters" />;
}
