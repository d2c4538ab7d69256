import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function CourseOutlinePage() {
  return <ContentLayout title="Course Outline" />;
}
