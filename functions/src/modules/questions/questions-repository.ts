import {
  QUESTION_MESSAGES,
  QUESTIONS_PER_TOPIC_MAX,
  questionSchema,
  type Question,
} from '@coursecraft/contracts';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import * as z from 'zod';
import { db as defaultDb } from '../../lib/firestore/db';
import { deleteInBatches, setInBatches } from '../../lib/firestore/batches';
import { Timestamp } from '../../lib/firestore/sdk';
import {
  topicQuestionsCollection,
  topicQuestionsRef,
  topicRef,
  type CoursePath,
  type TopicPath,
} from '../../lib/firestore/paths';
import type { WriteGuard } from '../../lib/firestore/write-guard';
import { HttpError } from '../../lib/http-error';

const storedQuestionsSchema = z.array(questionSchema);
/** The most values one Firestore `in` filter takes. */
const IN_FILTER_MAX = 30;

/** The questions of a stored document; a document that no longer parses reads as none. */
function questionsOf(data: DocumentData | undefined): Question[] {
  const parsed = storedQuestionsSchema.safeParse(data?.questions);
  if (parsed.success) return parsed.data;
  if (data) console.error('A topic_questions document does not parse', parsed.error.issues);
  return [];
}

function expectWithinLimit(questions: readonly Question[]): void {
  if (questions.length > QUESTIONS_PER_TOPIC_MAX) {
    throw new HttpError(409, 'CONFLICT', QUESTION_MESSAGES.atLimit);
  }
}

const storedFields = (
  courseId: string,
  topicId: string,
  questions: Question[],
  now: Timestamp,
) => ({
  course_id: courseId,
  topic_id: topicId,
  questions,
  updated_at: now,
});

/**
 * A topic's questions, in order, in one document `topic_questions/{courseId}_{topicId}` keyed by
 * course and topic id, so a topic moved to another chapter keeps them. A topic without questions
 * has no document. The one code that touches the collection.
 */
export function questionsRepository(db: () => Firestore = defaultDb) {
  const ofCourse = ({ courseId }: CoursePath) =>
    topicQuestionsCollection(db()).where('course_id', '==', courseId);

  return {
    /** The topic's questions in order; [] when it has none. */
    async read(path: TopicPath): Promise<Question[]> {
      return questionsOf((await topicQuestionsRef(db(), path).get()).data());
    },

    /**
     * One transaction: reads the topic's document and its questions, calls `change(current)`
     * and stores what it returns. Answers the stored list, or null when the topic no longer
     * exists or `guard` does not hold (nothing written). A list over QUESTIONS_PER_TOPIC_MAX is
     * refused with a 409; whatever `change` throws leaves everything as it was.
     */
    async update(
      path: TopicPath,
      change: (current: Question[]) => Question[],
      guard?: WriteGuard,
    ): Promise<Question[] | null> {
      const ref = topicQuestionsRef(db(), path);
      return db().runTransaction(async (tx) => {
        const [topic, stored] = await Promise.all([tx.get(topicRef(db(), path)), tx.get(ref)]);
        if (!topic.exists) return null;
        if (guard && !(await guard.holds(tx))) return null;
        const next = change(questionsOf(stored.data()));
        expectWithinLimit(next);
        if (next.length === 0) {
          if (stored.exists) tx.delete(ref);
        } else {
          tx.set(ref, storedFields(path.courseId, path.topicId, next, Timestamp.now()));
        }
        return next;
      });
    },

    /** Every topic's questions in a course (topics with at least one), by topic id. */
    async listCourse(path: CoursePath): Promise<Map<string, Question[]>> {
      const found = await ofCourse(path).get();
      const byTopic = new Map<string, Question[]>();
      for (const doc of found.docs) {
        const topicId: unknown = doc.get('topic_id');
        const questions = questionsOf(doc.data());
        if (typeof topicId === 'string' && questions.length > 0) byTopic.set(topicId, questions);
      }
      return byTopic;
    },

    /**
     * How many questions the given topics of a course hold: one query per 30 topics (the most an
     * `in` filter takes), so a chapter's pool is usually one query, not one read per topic.
     */
    async countTopics(path: CoursePath, topicIds: readonly string[]): Promise<number> {
      const chunks: string[][] = [];
      for (let at = 0; at < topicIds.length; at += IN_FILTER_MAX) {
        chunks.push(topicIds.slice(at, at + IN_FILTER_MAX));
      }
      const found = await Promise.all(
        chunks.map((ids) => ofCourse(path).where('topic_id', 'in', ids).get()),
      );
      return found
        .flatMap((snapshot) => snapshot.docs)
        .reduce((sum, doc) => sum + questionsOf(doc.data()).length, 0);
    },

    /**
     * Stores the questions of a new course's topics (an import), each list whole: only for a
     * course no one else writes yet, so no transaction is needed.
     */
    async saveCourse(path: CoursePath, byTopic: ReadonlyMap<string, Question[]>): Promise<void> {
      const now = Timestamp.now();
      const writes = [...byTopic]
        .filter(([, questions]) => questions.length > 0)
        .map(([topicId, questions]) => {
          expectWithinLimit(questions);
          return [
            topicQuestionsRef(db(), { courseId: path.courseId, topicId }),
            storedFields(path.courseId, topicId, questions, now),
          ] as const;
        });
      await setInBatches(db(), writes);
    },

    /** Deletes the questions of the given topics of a course. */
    async deleteTopics(path: CoursePath, topicIds: readonly string[]): Promise<void> {
      await deleteInBatches(
        db(),
        topicIds.map((topicId) => topicQuestionsRef(db(), { courseId: path.courseId, topicId })),
      );
    },

    /** Deletes every question of the course. */
    async deleteCourse(path: CoursePath): Promise<void> {
      const found = await ofCourse(path).select().get();
      await deleteInBatches(
        db(),
        found.docs.map((doc) => doc.ref),
      );
    },
  };
}

export type QuestionsRepository = ReturnType<typeof questionsRepository>;
