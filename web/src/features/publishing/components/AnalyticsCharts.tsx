import type { CourseAnalytics } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { dayLabel, topicLabel } from '../analytics-format';

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
