import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { firestoreSdk, Timestamp } from '../../lib/firestore/sdk';
import { learnerAnswersRef, questionStatsRef, type CoursePath } from '../../lib/firestore/paths';

/** One graded answer to record, with the topic its question belongs to. */
export interface RecordedAnswer {
  topicId: string;
  questionId: string;
  correct: boolean;
}

/** The field of `learner_answers` counting a learner's tries of one question. */
export const answerTriesField = (topicId: string, questionId: string): string =>
  `tries_${topicId}_${questionId}`;

/**
 * Within a transaction that read the learner's answers document (`stored`): records each answer
 * there (per question whether the last try was right and when, `topics.{t}.{q}`, and how many
 * tries, `tries_{t}_{q}`, a top-level counter: the offline Firestore stand-in applies increments
 * to top-level fields only) and, for a question this learner never answered before (no tries
 * field yet), counts the first answer in `question_stats`.
 */
export function recordAnswersIn(
  tx: Transaction,
  db: Firestore,
  { path, uid, stored, at }: { path: CoursePath; uid: string; stored: DocumentSnapshot; at: Date },
  answers: readonly RecordedAnswer[],
): void {
  if (answers.length === 0) return;
  const { FieldValue } = firestoreSdk();
  const answeredAt = Timestamp.fromDate(at);
  const topics: Record<string, Record<string, { correct: boolean; answered_at: Timestamp }>> = {};
  const tries: Record<string, unknown> = {};
  const firsts: RecordedAnswer[] = [];
  for (const answer of answers) {
    const field = answerTriesField(answer.topicId, answer.questionId);
    (topics[answer.topicId] ??= {})[answer.questionId] = {
      correct: answer.correct,
      answered_at: answeredAt,
    };
    tries[field] = FieldValue.increment(1);
    if (stored.get(field) === undefined) firsts.push(answer);
  }
  tx.set(
    learnerAnswersRef(db, path, uid),
    { course_id: path.courseId, uid, topics, ...tries },
    { merge: true },
  );
  for (const { topicId, questionId, correct } of firsts) {
    tx.set(
      questionStatsRef(db, path, questionId),
      {
        course_id: path.courseId,
        question_id: questionId,
        topic_id: topicId,
        first_answers: FieldValue.increment(1),
        first_correct: FieldValue.increment(correct ? 1 : 0),
        updated_at: answeredAt,
      },
      { merge: true },
    );
  }
}
