import type { LearnerCourse } from '@coursecraft/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { LEARN_TEXT } from '../learn-messages';

/** A completed topic's check mark, read out as "Completed". */
function CompletedMark() {
  return (
    <Box
      component="span"
      role="img"
      aria-label="Completed"
      sx={{ display: 'inline-flex', ml: 1, color: 'success.main' }}
    >
      <CheckCircleIcon fontSize="small" aria-hidden />
    </Box>
  );
}

/**
 * The published outline: subjects, their chapters and the chapters' topics, each topic a link
 * to its lesson with a check mark once completed; `currentTopicId` is marked as the page.
 */
export function LearnOutline({
  id,
  course,
  completed,
  currentTopicId,
}: {
  id?: string;
  course: LearnerCourse;
  completed: ReadonlySet<string>;
  currentTopicId?: string;
}) {
  const hasTopics = course.subjects.some((subject) =>
    subject.chapters.some((chapter) => chapter.topics.length > 0),
  );
  return (
    <Paper
      id={id}
      component="nav"
      aria-label="Course outline"
      variant="outlined"
      sx={{ p: 2, width: '100%' }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Course outline
      </Typography>
      {!hasTopics && <Typography color="text.secondary">{LEARN_TEXT.noTopics}</Typography>}
      {course.subjects.map((subject) => (
        <Box key={subject.id} sx={{ mt: 2 }}>
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {subject.name}
          </Typography>
          {subject.chapters.map((chapter) => (
            <Box key={chapter.id} sx={{ mt: 1, pl: { xs: 0, sm: 1 } }}>
              <Typography
                variant="subtitle2"
                component="h4"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {chapter.name}
              </Typography>
              <List dense disablePadding aria-label={`Topics of ${chapter.name}`}>
                {chapter.topics.map((topic) => {
                  const current = topic.id === currentTopicId;
                  return (
                    <ListItem key={topic.id} disablePadding>
                      <ListItemButton
                        component={RouterLink}
                        to={paths.learnTopic(course.slug, topic.id)}
                        selected={current}
                        aria-current={current ? 'page' : undefined}
                        sx={{ borderRadius: 1 }}
                      >
                        <ListItemText
                          primary={topic.name}
                          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                        />
                        {completed.has(topic.id) && <CompletedMark />}
                      </ListItemButton>
                    </ListItem>
                  );
                })}
              </List>
            </Box>
          ))}
        </Box>
      ))}
    </Paper>
  );
}
