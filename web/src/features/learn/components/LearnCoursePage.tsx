import type { LearnerCourse } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { CardImage } from '../../../components/ui/CardImage';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLearnerCourse } from '../api/get-learner-course';
import { useProgress, type ProgressState } from '../api/get-progress';
import { courseTopics, nextToLearn, progressOf } from '../learn-outline';
import { isNotAvailable, LEARN_TEXT } from '../learn-messages';
import { CourseNotAvailable } from './CourseNotAvailable';
import { CourseProgress } from './CourseProgress';
import { LearnOutline } from './LearnOutline';
import { SaveProgressPrompt } from './SaveProgressPrompt';

function CourseSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-label="Loading course">
      <Skeleton variant="rounded" height={200} />
      <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} width="60%" />
      <Skeleton variant="text" width="90%" />
      <Skeleton variant="rounded" height={8} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

/** The loaded course: cover, name, description, progress with Start/Continue, outline. */
function CourseBody({ course, progress }: { course: LearnerCourse; progress: ProgressState }) {
  const topics = courseTopics(course);
  const { completed } = progress;
  const done = completed && progressOf(topics, completed).done;
  const target = completed && nextToLearn(topics, completed);
  return (
    <Stack spacing={3}>
      {course.image_url && (
        <Box sx={{ borderRadius: 2, overflow: 'hidden' }}>
          <CardImage url={course.image_url} height={220} />
        </Box>
      )}
      <Box>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {course.name}
        </Typography>
        {course.description && (
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {course.description}
          </Typography>
        )}
      </Box>
      {topics.length > 0 && (
        <Stack spacing={2}>
          <CourseProgress done={done} total={topics.length} />
          <Box>
            {target && done !== undefined ? (
              <Button
                component={RouterLink}
                to={paths.learnTopic(course.slug, target.topic.id)}
                variant="contained"
                size="large"
              >
                {done === 0 ? 'Start' : 'Continue'}
              </Button>
            ) : (
              <Skeleton variant="rounded" width={120} height={42} />
            )}
          </Box>
          {progress.isError && (
            <Typography color="error">{LEARN_TEXT.progressLoadFailed}</Typography>
          )}
        </Stack>
      )}
      <SaveProgressPrompt slug={course.slug} progress={progress} />
      <LearnOutline course={course} completed={completed ?? NOTHING} />
    </Stack>
  );
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * /learn/{slug}: a published course for anyone, signed in or not, without any edit control.
 * An unknown or unpublished link only says the course is not available.
 */
export function LearnCoursePage() {
  const { slug = '' } = useParams();
  const course = useLearnerCourse(slug);
  const progress = useProgress(slug);
  useDocumentTitle(course.data?.name);

  if (isNotAvailable(course.error)) return <CourseNotAvailable />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {course.isError && (
        <RetryAlert message={LEARN_TEXT.courseLoadFailed} onRetry={() => void course.refetch()} />
      )}
      {course.isPending && <CourseSkeleton />}
      {course.data && <CourseBody course={course.data} progress={progress} />}
    </Container>
  );
}
