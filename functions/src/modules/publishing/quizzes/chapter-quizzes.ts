import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  type ChapterQuizSettings,
  type LearnerChapterQuiz,
} from '@coursecraft/contracts';
import type { CourseTree } from '../../outline';
import type { PublishedQuestion } from '../published-questions';
import { quizQuestionCount, type QuizQuestion } from './draw-questions';

/** One chapter quiz of a snapshot: its settings and its whole pool, in outline order. */
export interface SnapshotQuiz {
  chapterId: string;
  settings: ChapterQuizSettings;
  questions: QuizQuestion[];
}

/**
 * The chapter quizzes of a snapshot: one per chapter whose topics hold a question (quiz-only
 * ones included), with its stored settings or the defaults.
 */
export function snapshotQuizzes(
  tree: CourseTree,
  topics: readonly { topicId: string; questions: PublishedQuestion[] }[],
  settingsOf: ReadonlyMap<string, ChapterQuizSettings>,
): SnapshotQuiz[] {
  const byTopic = new Map(topics.map((entry) => [entry.topicId, entry.questions]));
  return tree.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) => {
      const questions = chapter.topics.flatMap((topic) =>
        (byTopic.get(topic.id) ?? []).map((entry) => ({ ...entry, topic_id: topic.id })),
      );
      if (questions.length === 0) return [];
      const settings = settingsOf.get(chapter.id) ?? DEFAULT_CHAPTER_QUIZ_SETTINGS;
      return [{ chapterId: chapter.id, settings, questions }];
    }),
  );
}

/** What the published outline tells learners of a chapter quiz. */
export const learnerChapterQuiz = ({ settings, questions }: SnapshotQuiz): LearnerChapterQuiz => ({
  question_count: quizQuestionCount(questions.length, settings),
  pass_mark: settings.pass_mark,
  attempts: settings.attempts,
  shuffle: settings.shuffle,
  show_answers_after: settings.show_answers_after,
});
