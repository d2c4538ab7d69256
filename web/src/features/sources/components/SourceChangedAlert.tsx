import { SOURCE_MESSAGES } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { LessonActions, TopicRef } from '../../course-tree';
import { useChangedLessons } from '../api/get-changed-lessons';
import { SOURCES_TEXT } from '../sources-text';

/**
 * Source changed above a lesson that cites a source since removed or replaced, naming those
 * sources, with Regenerate (the lesson's own regenerate). Nothing for any other lesson.
 */
export function SourceChangedAlert({
  topic,
  actions,
}: {
  topic: TopicRef;
  actions: LessonActions;
}) {
  const changed = useChangedLessons(topic.courseId).data?.lessons.find(
    (lesson) =>
      lesson.subject_id === topic.subjectId &&
      lesson.chapter_id === topic.chapterId &&
      lesson.topic_id === topic.topicId,
  );
  if (!changed) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={actions.generating}
          onClick={actions.regenerate}
        >
          {SOURCES_TEXT.regenerate}
        </Button>
      }
    >
      <AlertTitle>{SOURCE_MESSAGES.sourceChanged}</AlertTitle>
      {SOURCES_TEXT.changedSources(changed.sources)}
    </Alert>
  );
}
