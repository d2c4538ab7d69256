import type { Question, QuestionOrigin } from '@coursecraft/contracts';
import type { TopicPath } from '../../../functions/src/lib/firestore/paths';
import { questionsRepository } from '../../../functions/src/modules/questions';

/** The ids of the path `/{course}/subjects/{s}/chapters/{ch}/topics/{t}` (leading slash optional). */
export function topicPathOf(path: string): TopicPath {
  const [courseId = '', , subjectId = '', , chapterId = '', , topicId = ''] = path
    .replace(/^\//, '')
    .split('/');
  return { courseId, subjectId, chapterId, topicId };
}

/** A true-or-false question numbered `n`, with ids of its own. */
export const seededQuestion = (n: number, origin: QuestionOrigin = 'author'): Question => ({
  id: `seeded${origin}${n}`,
  origin,
  type: 'true_false',
  text: `Seeded question ${n}`,
  explanation: '',
  quiz_only: false,
  answer: true,
});

/** Puts `questions` after the topic's own, straight through the repository. */
export async function seedQuestions(path: string, questions: Question[]): Promise<void> {
  const stored = await questionsRepository().update(topicPathOf(path), (current) => [
    ...current,
    ...questions,
  ]);
  if (stored === null) throw new Error(`No topic at ${path}`);
}

/** The topic's stored questions, in order. */
export const storedQuestions = (path: string): Promise<Question[]> =>
  questionsRepository().read(topicPathOf(path));
