import { ANALYTICS_DAYS, type CourseAnalytics } from '@coursecraft/contracts';
import { topicIdsOf } from './publish-snapshot';
import type { ProgressRecord, PublishedOutline } from './publishing-repository';

const DAY_MS = 86_400_000;

const dayOf = (time: Date): number => Math.floor(time.getTime() / DAY_MS);

/**
 * A course's analytics from its last published outline (null when never published) and every
 * learner's progress: who started, who completed every topic of the outline, how many
 * completed each topic, and how many started on each of the last ANALYTICS_DAYS UTC days
 * (today last).
 */
export function courseAnalytics(
  outline: PublishedOutline | null,
  progress: ProgressRecord[],
  now: Date,
): CourseAnalytics {
  const topicIds = outline ? topicIdsOf(outline) : [];
  const completedBy = new Map<string, number>();
  let learnersCompleted = 0;
  for (const learner of progress) {
    const done = new Set(learner.completed);
    for (const id of done) completedBy.set(id, (completedBy.get(id) ?? 0) + 1);
    if (topicIds.length > 0 && topicIds.every((id) => done.has(id))) learnersCompleted += 1;
  }
  const today = dayOf(now);
  const startedPerDay = Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
    const day = today - (ANALYTICS_DAYS - 1) + index;
    return {
      date: new Date(day * DAY_MS).toISOString().slice(0, 10),
      learners: progress.filter((learner) => dayOf(learner.startedAt) === day).length,
    };
  });
  return {
    learners_started: progress.length,
    learners_completed: learnersCompleted,
    completion_rate: progress.length === 0 ? 0 : learnersCompleted / progress.length,
    topics: (outline?.subjects ?? []).flatMap((subject) =>
      subject.chapters.flatMap((chapter) =>
        chapter.topics.map((topic) => ({
          topic_id: topic.id,
          name: topic.name,
          subject_name: subject.name,
          chapter_name: chapter.name,
          completed: completedBy.get(topic.id) ?? 0,
        })),
      ),
    ),
    started_per_day: startedPerDay,
    questions: [],
    quizzes: [],
  };
}
