import type { LearnerCourse } from '@coursecraft/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LessonView } from '../../course-tree';
import { PageBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLearnerCourse } from '../api/get-learner-course';
import { useLearnerLesson } from '../api/get-learner-lesson';
import { useProgress, type ProgressState } from '../api/get-progress';
import { courseTopics, type TopicPlace } from '../learn-outline';
import { isNotAvailable, LEARN_TEXT } from '../learn-messages';
import { useTopicCompletion } from '../use-topic-completion';
import { CourseNotAvailable } from './CourseNotAvailable';
import { LearnOutline } from './LearnOutline';
import { SaveProgressPrompt } from './SaveProgressPrompt';

const OUTLINE_ID = 'learn-course-outline';

/** The lesson, or a friendly word when the topic was published without one. */
function Lesson({ slug, place, version }: { slug: string; place: TopicPlace; version: number }) {
  const { topic } = place;
  const lesson = useLearnerLesson(slug, topic.id, topic.has_content ? version : undefined);
  if (!topic.has_content || lesson.data?.content === '') {
    return (
      <Box>
        <Typography>{LEARN_TEXT.noLesson}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {LEARN_TEXT.noLessonHint}
        </Typography>
      </Box>
    );
  }
  if (lesson.isError) {
    return (
      <RetryAlert message={LEARN_TEXT.lessonLoadFailed} onRetry={() => void lesson.refetch()} />
    );
  }
  return <LessonView draft={null} loading={lesson.isPending} markdown={lesson.data?.content} />;
}

/** Mark as complete, which then reads Completed and, pressed again, undoes it. */
function CompleteButton({
  completed,
  onToggle,
}: {
  completed: boolean | undefined;
  onToggle: () => void;
}) {
  return (
    <Button
      variant={completed ? 'contained' : 'outlined'}
      color={completed ? 'success' : 'primary'}
      startIcon={completed ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />}
      aria-pressed={completed === true}
      disabled={completed === undefined}
      onClick={onToggle}
    >
      {completed ? 'Completed' : 'Mark as complete'}
    </Button>
  );
}

/** Previous and Next across the whole course, absent at its ends. */
function TopicSteps({
  slug,
  previous,
  next,
}: {
  slug: string;
  previous: TopicPlace | undefined;
  next: TopicPlace | undefined;
}) {
  if (!previous && !next) return null;
  return (
    <Box
      component="nav"
      aria-label="Previous and next topics"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        justifyContent: 'space-between',
        gap: 2,
        mt: 3,
      }}
    >
      <Box>
        {previous && (
          <Button
            component={RouterLink}
            to={paths.learnTopic(slug, previous.topic.id)}
            startIcon={<ArrowBackIcon />}
            sx={{ textAlign: 'left' }}
          >
            Previous: {previous.topic.name}
          </Button>
        )}
      </Box>
      <Box>
        {next && (
          <Button
            component={RouterLink}
            to={paths.learnTopic(slug, next.topic.id)}
            endIcon={<ArrowForwardIcon />}
            variant="contained"
            sx={{ textAlign: 'right' }}
          >
            Next: {next.topic.name}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function TopicNotFound({ slug }: { slug: string }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {LEARN_TEXT.topicNotFound}
      </Typography>
      <Link component={RouterLink} to={paths.learn(slug)} sx={{ display: 'inline-block', mt: 2 }}>
        {LEARN_TEXT.backToCourse}
      </Link>
    </Box>
  );
}

/** The loaded topic: where it sits, its lesson, completion, the way on, and the outline. */
function TopicBody({
  course,
  topicId,
  progress,
}: {
  course: LearnerCourse;
  topicId: string;
  progress: ProgressState;
}) {
  const { slug } = course;
  const topics = courseTopics(course);
  const index = topics.findIndex((place) => place.topic.id === topicId);
  const place = topics[index];
  const completion = useTopicCompletion(slug);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [outlineOpen, setOutlineOpen] = useState(false);
  useDocumentTitle(place?.topic.name ?? LEARN_TEXT.topicNotFound);
  if (!place) return <TopicNotFound slug={slug} />;

  const completed = progress.completed ?? new Set<string>();
  const outline = (
    <LearnOutline
      id={OUTLINE_ID}
      course={course}
      completed={completed}
      currentTopicId={place.topic.id}
    />
  );

  return (
    <>
      <PageBreadcrumbs
        crumbs={[{ label: course.name, to: paths.learn(slug) }, { label: place.topic.name }]}
      />
      <Typography variant="h4" component="h1" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
        {place.topic.name}
      </Typography>
      <Typography variant="subtitle1" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {place.subject.name} › {place.chapter.name}
      </Typography>
      <Stack spacing={2} sx={{ my: 2 }}>
        <SaveProgressPrompt slug={slug} progress={progress} />
        {progress.isError && <Alert severity="warning">{LEARN_TEXT.progressLoadFailed}</Alert>}
        {completion.error && (
          <Alert severity="error" onClose={completion.dismissError}>
            {completion.error}
          </Alert>
        )}
      </Stack>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 3,
          alignItems: 'flex-start',
        }}
      >
        {narrow && (
          <Box sx={{ width: '100%' }}>
            <Button
              variant="outlined"
              startIcon={<MenuOpenIcon />}
              aria-expanded={outlineOpen}
              aria-controls={OUTLINE_ID}
              onClick={() => setOutlineOpen((open) => !open)}
            >
              {outlineOpen ? 'Hide course outline' : 'Show course outline'}
            </Button>
            {outlineOpen && <Box sx={{ mt: 2 }}>{outline}</Box>}
          </Box>
        )}
        <Box
          component="section"
          aria-label="Lesson"
          sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}
        >
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Lesson slug={slug} place={place} version={course.version} />
          </Paper>
          <Box sx={{ mt: 2 }}>
            <CompleteButton
              completed={progress.completed?.has(place.topic.id)}
              onToggle={() => void completion.toggle(place.topic.id)}
            />
          </Box>
          <TopicSteps slug={slug} previous={topics[index - 1]} next={topics[index + 1]} />
        </Box>
        {!narrow && <Box sx={{ width: 320, flexShrink: 0 }}>{outline}</Box>}
      </Box>
    </>
  );
}

/**
 * /learn/{slug}/{topic_id}: one lesson of a published course, rendered as authors see it, with
 * its place in the outline, Previous/Next through the whole course and Mark as complete.
 */
export function LearnTopicPage() {
  const { slug = '', topicId = '' } = useParams();
  const course = useLearnerCourse(slug);
  const progress = useProgress(slug);

  if (isNotAvailable(course.error)) return <CourseNotAvailable />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      {course.isError && (
        <RetryAlert message={LEARN_TEXT.courseLoadFailed} onRetry={() => void course.refetch()} />
      )}
      {course.isPending && (
        <Stack spacing={2} role="status" aria-label="Loading lesson">
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} width="70%" />
          <Skeleton variant="rounded" height={360} />
        </Stack>
      )}
      {course.data && <TopicBody course={course.data} topicId={topicId} progress={progress} />}
    </Container>
  );
}
