import { mostMissedQuestions, QUIZ_MESSAGES, type CourseAnalytics } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { EmptyState } from '../../../components/ui/EmptyState';
import { BackAndBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { QueryState } from '../../../components/ui/QueryState';
import { paths } from '../../../config/paths';
import { useCourse } from '../../course-tree';
import { dayLabel, percent, percentOrNone, scoreOrNone } from '../analytics-format';
import { useCourseAnalytics } from '../api/get-course-analytics';
import { usePublication } from '../api/get-publication';
import { PUBLISHING_TEXT } from '../publishing-messages';
import {
  FirstTryChart,
  QuizScoresChart,
  StartedPerDayChart,
  TopicCompletionsChart,
} from './AnalyticsCharts';

/** Hidden on screen, still read by screen readers (sizes in px: `sx` reads 1 as 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** One figure of the page's description list: a card with its label and value. */
function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ flex: '1 1 200px', p: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h4" sx={{ m: 0, mt: 1 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/**
 * A chart with its figures as a table. The table is always in the page for screen readers;
 * Show as table makes it visible too.
 */
function ChartSection({
  title,
  hint,
  chart,
  table,
}: {
  title: string;
  /** A line under the heading saying what the figures count. */
  hint?: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const headingId = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Button size="small" aria-pressed={showTable} onClick={() => setShowTable(!showTable)}>
          Show as table
        </Button>
      </Stack>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      )}
      {chart}
      {showTable ? (
        // Scrolls sideways on narrow screens, so keyboards can reach it too.
        <Box
          tabIndex={0}
          role="region"
          aria-label={`${title} table`}
          sx={{ mt: 2, overflowX: 'auto' }}
        >
          {table}
        </Box>
      ) : (
        <Box sx={visuallyHidden}>{table}</Box>
      )}
    </Paper>
  );
}

const captionStyle = { captionSide: 'top', textAlign: 'left' } as const;

function TopicsTable({ topics }: { topics: CourseAnalytics['topics'] }) {
  return (
    <Table size="small">
      <caption style={captionStyle}>Learners who completed each topic</caption>
      <TableHead>
        <TableRow>
          <TableCell scope="col">Topic</TableCell>
          <TableCell scope="col">Subject</TableCell>
          <TableCell scope="col">Chapter</TableCell>
          <TableCell scope="col" align="right">
            Learners who completed
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {topics.map((topic) => (
          <TableRow key={topic.topic_id}>
            <TableCell component="th" scope="row">
              {topic.name}
            </TableCell>
            <TableCell>{topic.subject_name}</TableCell>
            <TableCell>{topic.chapter_name}</TableCell>
            <TableCell align="right">{topic.completed}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DaysTable({ days }: { days: CourseAnalytics['started_per_day'] }) {
  return (
    <Table size="small">
      <caption style={captionStyle}>Learners who started per day, last {days.length} days</caption>
      <TableHead>
        <TableRow>
          <TableCell scope="col">Day</TableCell>
          <TableCell scope="col" align="right">
            Learners who started
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {days.map((day) => (
          <TableRow key={day.date}>
            <TableCell component="th" scope="row">
              <time dateTime={day.date}>{dayLabel(day.date)}</time>
            </TableCell>
            <TableCell align="right">{day.learners}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function QuizzesTable({ quizzes }: { quizzes: CourseAnalytics['quizzes'] }) {
  return (
    <Table size="small">
      <caption style={captionStyle}>{PUBLISHING_TEXT.quizzesCaption}</caption>
      <TableHead>
        <TableRow>
          <TableCell scope="col">Chapter</TableCell>
          <TableCell scope="col">Subject</TableCell>
          <TableCell scope="col" align="right">
            {QUIZ_MESSAGES.analyticsAttempts}
          </TableCell>
          <TableCell scope="col" align="right">
            {PUBLISHING_TEXT.quizLearners}
          </TableCell>
          <TableCell scope="col" align="right">
            {QUIZ_MESSAGES.averageBestScore}
          </TableCell>
          <TableCell scope="col" align="right">
            {QUIZ_MESSAGES.passRate}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {quizzes.map((quiz) => (
          <TableRow key={quiz.chapter_id}>
            <TableCell component="th" scope="row">
              {quiz.chapter_name}
            </TableCell>
            <TableCell>{quiz.subject_name}</TableCell>
            <TableCell align="right">{quiz.attempts}</TableCell>
            <TableCell align="right">{quiz.learners}</TableCell>
            <TableCell align="right">{scoreOrNone(quiz.average_best_score)}</TableCell>
            <TableCell align="right">{percentOrNone(quiz.pass_rate)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Questions with their topic and first-try figures; long texts wrap rather than widen the page. */
function QuestionsTable({
  questions,
  caption,
}: {
  questions: CourseAnalytics['questions'];
  caption: string;
}) {
  return (
    <Table size="small">
      <caption style={captionStyle}>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell scope="col">Question</TableCell>
          <TableCell scope="col">Topic</TableCell>
          <TableCell scope="col">Kind</TableCell>
          <TableCell scope="col" align="right">
            {QUIZ_MESSAGES.firstAnswers}
          </TableCell>
          <TableCell scope="col" align="right">
            {QUIZ_MESSAGES.correctFirstTry}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {questions.map((question) => (
          <TableRow key={question.question_id}>
            <TableCell component="th" scope="row" sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
              {question.text}
            </TableCell>
            <TableCell>{question.topic_name}</TableCell>
            <TableCell>
              {question.quiz_only ? PUBLISHING_TEXT.quizOnly : PUBLISHING_TEXT.topicCheck}
            </TableCell>
            <TableCell align="right">{question.first_answers}</TableCell>
            <TableCell align="right">{percentOrNone(question.first_try_rate)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The Most missed questions: a table only, scrolling sideways on narrow screens. */
function MostMissedSection({ questions }: { questions: CourseAnalytics['questions'] }) {
  const headingId = useId();
  const missed = mostMissedQuestions(questions);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {QUIZ_MESSAGES.mostMissed}
      </Typography>
      {missed.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{PUBLISHING_TEXT.noAnswersYet}</Typography>
      ) : (
        <Box
          tabIndex={0}
          role="region"
          aria-label={`${QUIZ_MESSAGES.mostMissed} table`}
          sx={{ mt: 2, overflowX: 'auto' }}
        >
          <QuestionsTable questions={missed} caption={PUBLISHING_TEXT.mostMissedCaption} />
        </Box>
      )}
    </Paper>
  );
}

function Figures({ analytics }: { analytics: CourseAnalytics }) {
  return (
    <Stack spacing={3}>
      <Box
        component="dl"
        aria-label="Learner figures"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}
      >
        <StatCard label="Learners who started" value={String(analytics.learners_started)} />
        <StatCard
          label="Learners who completed the course"
          value={String(analytics.learners_completed)}
        />
        <StatCard label="Completion rate" value={percent(analytics.completion_rate)} />
      </Box>
      <ChartSection
        title="Completions per topic"
        chart={<TopicCompletionsChart topics={analytics.topics} />}
        table={<TopicsTable topics={analytics.topics} />}
      />
      <ChartSection
        title="Learners who started per day"
        chart={<StartedPerDayChart days={analytics.started_per_day} />}
        table={<DaysTable days={analytics.started_per_day} />}
      />
      {analytics.quizzes.length > 0 && (
        <ChartSection
          title={QUIZ_MESSAGES.analyticsQuizzes}
          chart={<QuizScoresChart quizzes={analytics.quizzes} />}
          table={<QuizzesTable quizzes={analytics.quizzes} />}
        />
      )}
      {analytics.questions.length > 0 && (
        <>
          <ChartSection
            title={QUIZ_MESSAGES.analyticsQuestions}
            hint={PUBLISHING_TEXT.firstTryHint}
            chart={<FirstTryChart questions={analytics.questions} />}
            table={
              <QuestionsTable
                questions={analytics.questions}
                caption={PUBLISHING_TEXT.questionsCaption}
              />
            }
          />
          <MostMissedSection questions={analytics.questions} />
        </>
      )}
    </Stack>
  );
}

/** /courses/{course_id}/analytics: how learners progress through the author's published course. */
export function AnalyticsPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const analytics = useCourseAnalytics(courseId);
  const publication = usePublication(courseId);
  const courseName = course.data?.name ?? '';
  // Until the status is known the course counts as published: no hint flashes by.
  const unpublished = publication.data?.publication === null;

  return (
    <ContentLayout
      title={courseName ? `${courseName} Analytics` : 'Analytics'}
      breadcrumbs={
        <BackAndBreadcrumbs
          back={{ label: 'Back to Subjects', to: paths.subjects(courseId) }}
          crumbs={[
            { label: 'Home', to: paths.home },
            { label: 'Courses', to: paths.courses },
            { label: courseName || 'Course', to: paths.subjects(courseId) },
            { label: 'Analytics' },
          ]}
        />
      }
    >
      <QueryState
        query={analytics}
        failureMessage={PUBLISHING_TEXT.analyticsLoadFailed}
        loadingLabel="Loading analytics"
        isEmpty={(data) => data.learners_started === 0}
        empty={
          <EmptyState
            title={PUBLISHING_TEXT.noLearners}
            hint={unpublished ? PUBLISHING_TEXT.publishHint : undefined}
            action={
              unpublished ? (
                <Button component={RouterLink} to={paths.subjects(courseId)} variant="contained">
                  Go to Subjects
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(data) => (
          <>
            {unpublished && (
              <Alert severity="info" sx={{ mb: 3 }}>
                {PUBLISHING_TEXT.unpublishedWithLearners}
              </Alert>
            )}
            <Figures analytics={data} />
          </>
        )}
      </QueryState>
    </ContentLayout>
  );
}
