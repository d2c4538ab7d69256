import type { Course } from '@coursecraft/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CardImage, type ImageAction } from '../../../../components/ui/CardImage';
import { paths } from '../../../../config/paths';
import { ExportMenu } from '../../export/ExportMenu';
import { GenerateWholeCourseButton } from '../../generation-job/components/GenerateWholeCourseButton';
import { COURSE_TEXT } from '../course-messages';

/**
 * One course: image or placeholder, name (a link to its subjects), a Published chip when learners
 * can open it, description, actions (Generate Whole Course among them).
 */
export function CourseCard({
  course,
  generating,
  onEdit,
  onDelete,
  onGenerate,
  onWholeCourseStarted,
  imageAction,
}: {
  course: Course;
  generating: boolean;
  /** The cover's generate button; absent without an API key. */
  imageAction?: ImageAction | undefined;
  onEdit: () => void;
  onDelete: () => void;
  /** Generate Subjects, or Regenerate when the course has some. */
  onGenerate: () => void;
  /** Generate Whole Course started a job, or found one already running. */
  onWholeCourseStarted: () => void;
}) {
  const subjectsPath = paths.subjects(course.id);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardImage url={course.image_url} height={160} action={imageAction} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={subjectsPath} underline="hover" color="inherit">
            {course.name}
          </Link>
        </Typography>
        {course.published && <Chip label="Published" color="success" size="small" sx={{ mt: 1 }} />}
        <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {course.description || COURSE_TEXT.noDescription}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" onClick={onEdit} aria-label={`Edit ${course.name}`}>
          Edit
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${course.name}`}>
          Delete
        </Button>
        {course.has_subjects ? (
          <>
            <Button
              size="small"
              onClick={onGenerate}
              disabled={generating}
              aria-label={generating ? undefined : `Regenerate subjects of ${course.name}`}
            >
              {generating ? 'Regenerating...' : 'Regenerate'}
            </Button>
            <Button size="small" variant="contained" component={RouterLink} to={subjectsPath}>
              View
            </Button>
          </>
        ) : (
          <Button
            size="small"
            variant="contained"
            onClick={onGenerate}
            disabled={generating}
            aria-label={generating ? undefined : `Generate subjects of ${course.name}`}
          >
            {generating ? 'Generating...' : 'Generate Subjects'}
          </Button>
        )}
        <GenerateWholeCourseButton
          courseId={course.id}
          size="small"
          aria-label={`Generate whole course of ${course.name}`}
          onStarted={onWholeCourseStarted}
        />
        <ExportMenu courseId={course.id} courseName={course.name} size="small" />
      </CardActions>
    </Card>
  );
}
