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

/** A name on a chart's axis, cut short so the bars keep their room. */
export function axisLabel(name: string): string {
  return name.length > 24 ? `${name.slice(0, 23)}…` : name;
}

/** A topic's name on the chart's axis, cut short so the bars keep their room. */
export function topicLabel(topic: TopicAnalytics): string {
  return axisLabel(topic.name);
}

/** A share between 0 and 1 as a whole percent, or the text for none (nobody counted yet). */
export function percentOrNone(rate: number | null): string {
  return rate === null ? NONE_YET : percent(rate);
}

/** A score in percent (a mean may have decimals) as a whole percent, or the text for none. */
export function scoreOrNone(score: number | null): string {
  return score === null ? NONE_YET : `${Math.round(score)}%`;
}

/** What a figure of nobody reads as: a word, so screen readers say it too. */
export const NONE_YET = 'None yet';
