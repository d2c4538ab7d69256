import { SubjectsPage } from '../features/course-tree/subjects/components/SubjectsPage';
import { PublishPanel } from '../features/publishing/components/PublishPanel';

const renderPublishPanel = (courseId: string) => <PublishPanel courseId={courseId} />;

/** The subjects screen with the publishing panel composed into its course-actions slot. */
export function SubjectsWithPublishing() {
  return <SubjectsPage renderCourseActions={renderPublishPanel} />;
}
