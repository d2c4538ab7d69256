import { QUIZ_MESSAGES, type CourseAnalytics } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { axisLabel, dayLabel, topicLabel } from '../analytics-format';

const TOPIC_ROW_HEIGHT = 36;

/**
 * The analytics page's charts; only that page (a lazily loaded route) imports this module, so
 * the charts library loads with it alone. Hidden from assistive technology and out of the tab
 * order (a focusable element inside aria-hidden would be announced as nothing): the page's
 * tables carry the same figures.
 */
export function TopicCompletionsChart({ topics }: { topics: CourseAnalytics['topics'] }) {
  return (
    <Box aria-hidden="true">
      <BarChart
        layout="horizontal"
        height={Math.max(160, topics.length * TOPIC_ROW_HEIGHT + 60)}
        yAxis={[
          {
            scaleType: 'band',
            // Positions, not names: two topics may share a name.
            data: topics.map((_, index) => index),
            valueFormatter: (index: number) => {
              const topic = topics[index];
              return topic ? topicLabel(topic) : '';
            },
            width: 160,
          },
        ]}
        xAxis={[{ tickMinStep: 1 }]}
        series={[{ data: topics.map((topic) => topic.completed), label: 'Learners who completed' }]}
        hideLegend
        disableKeyboardNavigation
      />
    </Box>
  );
}

export function StartedPerDayChart({ days }: { days: CourseAnalytics['started_per_day'] }) {
  return (
    <Box aria-hidden="true">
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: days.map((day) => dayLabel(day.date)) }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ data: days.map((day) => day.learners), label: 'Learners who started' }]}
        hideLegend
        disableKeyboardNavigation
      />
    </Box>
  );
}

const percentAxis = { min: 0, max: 100, valueFormatter: (value: number) => `${value}%` };

/** Bars of figures in percent, one row per entry, labelled by position (names may repeat). */
function PercentBars({
  labels,
  series,
}: {
  labels: string[];
  series: { data: (number | null)[]; label: string }[];
}) {
  return (
    <Box aria-hidden="true">
      <BarChart
        layout="horizontal"
        height={Math.max(160, labels.length * TOPIC_ROW_HEIGHT * series.length + 60)}
        yAxis={[
          {
            scaleType: 'band',
            data: labels.map((_, index) => index),
            valueFormatter: (index: number) => labels[index] ?? '',
            width: 160,
          },
        ]}
        xAxis={[percentAxis]}
        series={series}
        hideLegend={series.length < 2}
        disableKeyboardNavigation
      />
    </Box>
  );
}

/** Each chapter quiz's average best score and pass rate, in percent. */
export function QuizScoresChart({ quizzes }: { quizzes: CourseAnalytics['quizzes'] }) {
  return (
    <PercentBars
      labels={quizzes.map((quiz) => axisLabel(quiz.chapter_name))}
      series={[
        {
          data: quizzes.map((quiz) => quiz.average_best_score),
          label: QUIZ_MESSAGES.averageBestScore,
        },
        {
          data: quizzes.map((quiz) => (quiz.pass_rate === null ? null : quiz.pass_rate * 100)),
          label: QUIZ_MESSAGES.passRate,
        },
      ]}
    />
  );
}

/** Each question's share answered correctly at the first try, in percent. */
export function FirstTryChart({ questions }: { questions: CourseAnalytics['questions'] }) {
  return (
    <PercentBars
      labels={questions.map((question) => axisLabel(question.text))}
      series={[
        {
          data: questions.map((question) =>
            question.first_try_rate === null ? null : question.first_try_rate * 100,
          ),
          label: QUIZ_MESSAGES.correctFirstTry,
        },
      ]}
    />
  );
}
