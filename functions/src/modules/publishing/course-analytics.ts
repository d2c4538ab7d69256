import {
  ANALYTICS_DAYS,
  courseCompleted,
  type ChapterQuizAnalytics,
  type CourseAnalytics,
} from '@coursecraft/contracts';
import type { QuestionStats } from './analytics-repository';
import { topicIdsOf } from './publish-snapshot';
import type { PublishedQuestion } from './published-questions';
import type { ProgressRecord, PublishedOutline } from './publishing-repository';
import { questionAnalytics } from './question-analytics';

const DAY_MS = 86_400_000;

const dayOf = (time: Date): number => Math.floor(time.getTime() / DAY_MS);

/** The snapshot's questions and their first-answer counters. */
export interface QuestionFigures {
  /** Topic id → its published questions. */
  published: ReadonlyMap<string, PublishedQuestion[]>;
  /** Question id → its counters. */
  stats: ReadonlyMap<string, QuestionStats>;
}

const NO_QUESTIONS: QuestionFigures = { published: new Map(), stats: new Map() };

/** Each chapter of the outline with a quiz, in outline order, with its subject's name. */
function quizChapters(outline: PublishedOutline | null) {
  return (outline?.subjects ?? []).flatMap((subject) =>
    subject.chapters
      .filter((chapter) => chapter.quiz !== null)
      .map((chapter) => ({ chapter, subjectName: subject.name })),
  );
}

/** One chapter quiz's figures from every learner's standing at it. */
function quizFigures(
  chapterId: string,
  progress: ProgressRecord[],
): Omit<ChapterQuizAnalytics, 'chapter_id' | 'chapter_name' | 'subject_name'> {
  let attempts = 0;
  let learners = 0;
  let scores = 0;
  let passed = 0;
  for (const learner of progress) {
    const standing = learner.quizzes.get(chapterId);
    if (!standing) continue;
    attempts += standing.attempts;
    if (standing.bestScore === null) continue;
    learners += 1;
    scores += standing.bestScore;
    if (standing.passed) passed += 1;
  }
  return {
    attempts,
    learners,
    average_best_score: learners === 0 ? null : scores / learners,
    pass_rate: learners === 0 ? null : passed / learners,
  };
}

/**
 * A course's analytics from its last published outline (null when never published), every
 * learner's progress and the counters of first answers: who started, who completed the course
 * (every topic and, when the snapshot requires it, every chapter quiz passed), how many
 * completed each topic, how many started on each of the last ANALYTICS_DAYS UTC days (today
 * last), each question's share correct at the first try and each chapter quiz's figures.
 */
export function courseAnalytics(
  outline: PublishedOutline | null,
  progress: ProgressRecord[],
  now: Date,
  questions: QuestionFigures = NO_QUESTIONS,
): CourseAnalytics {
  const topicIds = outline ? topicIdsOf(outline) : [];
  const quizzes = quizChapters(outline);
  const quizChapterIds = quizzes.map(({ chapter }) => chapter.id);
  const completedBy = new Map<string, number>();
  let learnersCompleted = 0;
  for (const learner of progress) {
    const done = new Set(learner.completed);
    for (const id of done) completedBy.set(id, (completedBy.get(id) ?? 0) + 1);
    const passedChapterIds = new Set(
      [...learner.quizzes].filter(([, standing]) => standing.passed).map(([id]) => id),
    );
    const completed = courseCompleted({
      topicIds,
      completedTopicIds: done,
      quizChapterIds,
      passedChapterIds,
      requireQuizPass: outline?.require_quiz_pass ?? false,
    });
    if (completed) learnersCompleted += 1;
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
    questions: questionAnalytics(outline, questions.published, questions.stats),
    quizzes: quizzes.map(({ chapter, subjectName }) => ({
      chapter_id: chapter.id,
      chapter_name: chapter.name,
      subject_name: subjectName,
      ...quizFigures(chapter.id, progress),
    })),
  };
}
