import type { QuestionAnalytics } from '@coursecraft/contracts';
import { markdownPlainText } from '@coursecraft/markdown';
import type { QuestionStats } from './analytics-repository';
import type { PublishedOutline } from './publishing-repository';
import type { PublishedQuestion } from './published-questions';

const TEXT_MAX = 200;

/**
 * Every question of the snapshot's topics, in outline order (each topic's in the author's order),
 * with the counters kept at learners' first answers; a question nobody answered has none stored.
 */
export function questionAnalytics(
  outline: PublishedOutline | null,
  published: ReadonlyMap<string, PublishedQuestion[]>,
  stats: ReadonlyMap<string, QuestionStats>,
): QuestionAnalytics[] {
  return (outline?.subjects ?? []).flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.topics.flatMap((topic) =>
        (published.get(topic.id) ?? []).map(({ question }) => {
          const counted = stats.get(question.id);
          const answers = counted?.firstAnswers ?? 0;
          const correct = Math.min(counted?.firstCorrect ?? 0, answers);
          return {
            question_id: question.id,
            topic_id: topic.id,
            topic_name: topic.name,
            chapter_name: chapter.name,
            text: markdownPlainText(question.text, TEXT_MAX),
            quiz_only: question.quiz_only,
            first_answers: answers,
            first_correct: correct,
            first_try_rate: answers === 0 ? null : correct / answers,
          };
        }),
      ),
    ),
  );
}
