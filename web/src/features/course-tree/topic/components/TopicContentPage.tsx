import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HistoryIcon from '@mui/icons-material/History';
import ListIcon from '@mui/icons-material/List';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ContentLayout } from '../../../../components/layouts/ContentLayout';
import { CitationsRemovedAlert } from '../../lesson/CitationsRemovedAlert';
import { LazyLessonHistoryDialog } from '../../lesson/LazyLessonHistoryDialog';
import { LessonView } from '../../lesson/LessonView';
import { PageBreadcrumbs } from '../../../../components/ui/PageBreadcrumbs';
import { paths } from '../../../../config/paths';
import { reportLessonFailure, useGenerateContent } from '../../api/generate-content';
import { useChapters } from '../../api/get-chapters';
import { useContent } from '../../api/get-content';
import { useLessonVersions } from '../../api/get-lesson-versions';
import { useCourse } from '../../api/get-course';
import { useTopics } from '../../api/get-topics';
import { LESSON_HISTORY_TEXT } from '../../lib/messages';
import { outlineLinkState } from '../../lib/outline-link';
import { useCourseTreeSlots } from '../../slots';

/** Previous or Next: a link to the neighbouring topic, or a disabled button at the ends. */
function StepButton({
  to,
  chapterId,
  direction,
}: {
  to: string | undefined;
  chapterId: string;
  direction: 'previous' | 'next';
}) {
  const label = direction === 'previous' ? 'Previous' : 'Next';
  const icons =
    direction === 'previous' ? { startIcon: <ArrowBackIcon /> } : { endIcon: <ArrowForwardIcon /> };
  if (!to) {
    return (
      <Button disabled {...icons}>
        {label}
      </Button>
    );
  }
  return (
    <Button component={RouterLink} to={to} state={outlineLinkState(chapterId)} {...icons}>
      {label}
    </Button>
  );
}

/**
 * /courses/{c}/subjects/{s}/chapters/{ch}/topics/{t}/content: one lesson with All Topics,
 * Previous/Next (disabled at the ends) and numbered chips for every topic of the chapter. The
 * lesson view is the outline page's, equation refresh included.
 */
export function TopicContentPage() {
  const { courseId = '', subjectId = '', chapterId = '', topicId = '' } = useParams();
  const subject = { courseId, subjectId };
  const topicRef = { ...subject, chapterId, topicId };
  const slots = useCourseTreeSlots();
  const course = useCourse(courseId);
  const chapters = useChapters(subject);
  const topics = useTopics(subject, chapterId);
  const content = useContent(subject, { chapterId, topicId });
  // A topic without a lesson may still have versions of one (its lesson was deleted).
  const versions = useLessonVersions(topicRef, { enabled: content.data === null });
  const hasHistory = Boolean(content.data) || (versions.data?.length ?? 0) > 0;
  const [historyOpen, setHistoryOpen] = useState(false);
  const lessons = useGenerateContent(subject);
  const draft = lessons.draftOf(topicId);
  const [notice, setNotice] = useState<string | null>(null);

  /** Streams the lesson in; a failure shows here in a blue (info) banner. */
  const generate = async () => {
    setNotice(null);
    try {
      await lessons.mutation.mutateAsync({ chapterId, topicId });
    } catch (failure) {
      setNotice(reportLessonFailure(failure, Boolean(content.data)));
    }
  };

  const chapter = chapters.data?.find((item) => item.id === chapterId);
  const topicList = topics.data ?? [];
  const index = topicList.findIndex((item) => item.id === topicId);
  const topic = index >= 0 ? topicList[index] : undefined;
  const previous = index > 0 ? topicList[index - 1] : undefined;
  const next = index >= 0 ? topicList[index + 1] : undefined;
  const subjectContentPath = paths.outline(courseId, subjectId);
  const topicPath = (id: string) => paths.outline(courseId, subjectId, id);

  return (
    <ContentLayout
      title={topic?.name ?? 'Topic Content'}
      breadcrumbs={
        <PageBreadcrumbs
          crumbs={[
            { label: 'Home', to: paths.home },
            { label: 'Courses', to: paths.courses },
            { label: course.data?.name ?? 'Course', to: paths.subjects(courseId) },
            { label: chapter?.name ?? 'Chapter', to: subjectContentPath },
            { label: topic?.name ?? 'Topic' },
          ]}
        />
      }
    >
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={subjectContentPath} startIcon={<ListIcon />}>
          All Topics
        </Button>
        <StepButton
          to={previous && topicPath(previous.id)}
          chapterId={chapterId}
          direction="previous"
        />
        <StepButton to={next && topicPath(next.id)} chapterId={chapterId} direction="next" />
        <Button
          variant="contained"
          startIcon={<AutoFixHighIcon />}
          onClick={() => void generate()}
          disabled={lessons.mutation.isPending || content.isPending}
        >
          {draft !== null ? 'Processing...' : content.data ? 'Update Content' : 'Generate Content'}
        </Button>
        {hasHistory && (
          <Button
            variant="outlined"
            startIcon={<HistoryIcon />}
            onClick={() => setHistoryOpen(true)}
            disabled={lessons.mutation.isPending}
          >
            {LESSON_HISTORY_TEXT.open}
          </Button>
        )}
      </Stack>
      {topicList.length > 0 && (
        <Box
          component="nav"
          aria-label="Topics"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}
        >
          {topicList.map((item, position) => (
            <Chip
              key={item.id}
              label={position + 1}
              component={RouterLink}
              to={paths.topicContent(courseId, subjectId, chapterId, item.id)}
              clickable
              color={item.id === topicId ? 'primary' : 'default'}
              aria-label={`${position + 1}. ${item.name}`}
              aria-current={item.id === topicId ? 'page' : undefined}
            />
          ))}
        </Box>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Content
        </Typography>
        {notice && (
          <Alert severity="info" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        <CitationsRemovedAlert
          removed={lessons.removedCitationsOf(topicId)}
          onClose={lessons.dismissRemovedCitations}
        />
        {content.data &&
          draft === null &&
          slots.lessonNotice?.(topicRef, {
            regenerate: () => void generate(),
            generating: lessons.mutation.isPending,
          })}
        <LessonView
          draft={draft}
          loading={content.isPending}
          markdown={content.data}
          idPrefix={topicId}
        />
      </Paper>
      {slots.topicSection?.(topicRef, { hasLesson: Boolean(content.data) })}
      {historyOpen && (
        <LazyLessonHistoryDialog
          topic={topicRef}
          topicName={topic?.name ?? ''}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </ContentLayout>
  );
}
