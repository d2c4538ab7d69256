import type { TopicAnalytics } from '@coursecraft/contracts';

/** A day of the analytics series (`YYYY-MM-DD`, UTC) as a short label, e.g. "Nov 3". */
export function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A completion rate between 0 and 1 as a whole percent. */
export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** A topic's name on the chart's axis, cut short so the bars keep their room. */
export function topicLabel(topic: TopicAnalytics): string {
  return topic.name.length > 24 ? `${topic.name.slice(0, 23)}…` : topic.name;
}
