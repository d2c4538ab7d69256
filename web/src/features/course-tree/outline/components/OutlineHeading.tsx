import type { Topic } from '@coursecraft/contracts';
import Typography from '@mui/material/Typography';
import { PageBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { paths } from '../../../../config/paths';
import { OUTLINE_TEXT } from '../outline-messages';

/** The outline's breadcrumbs, the selected topic's name as the title and its chapter's below. */
export function OutlineHeading({
  courseId,
  subjectId,
  courseName,
  subjectName,
  chapterName,
  topic,
}: {
  courseId: string;
  subjectId: string;
  courseName: string | undefined;
  subjectName: string | undefined;
  chapterName: string | undefined;
  topic: Topic | undefined;
}) {
  return (
    <>
      <PageBreadcrumbs
        crumbs={[
          { label: 'Home', to: paths.home },
          { label: 'Courses', to: paths.courses },
          { label: courseName ?? 'Course', to: paths.subjects(courseId) },
          topic
            ? { label: subjectName ?? 'Subject', to: paths.outline(courseId, subjectId) }
            : { label: subjectName ?? 'Subject' },
          ...(topic ? [{ label: topic.name }] : []),
        ]}
      />
      <Typography variant="h4" component="h1" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
        {topic?.name ?? OUTLINE_TEXT.selectTopic}
      </Typography>
      {chapterName !== undefined && topic && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
          {chapterName}
        </Typography>
      )}
    </>
  );
}
