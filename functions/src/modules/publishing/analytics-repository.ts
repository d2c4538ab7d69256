import type { Firestore } from 'firebase-admin/firestore';
import * as z from 'zod';
import { db as defaultDb } from '../../lib/firestore/db';
import {
  publishedQuestionsCollection,
  questionStatsCollection,
  type CoursePath,
} from '../../lib/firestore/paths';
import { publishedQuestionSchema, type PublishedQuestion } from './published-questions';

/** The first-answer counters of one question (see `question_stats` in paths.ts). */
export interface QuestionStats {
  firstAnswers: number;
  firstCorrect: number;
}

const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;

const questionsOfSchema = z.array(publishedQuestionSchema);

/** The reads of the author's analytics beyond the publication and the progress documents. */
export function analyticsRepository(db: () => Firestore = defaultDb) {
  return {
    /** Question id → its counters, every question of the course with any (one query). */
    async questionStats({ courseId }: CoursePath): Promise<Map<string, QuestionStats>> {
      const found = await questionStatsCollection(db()).where('course_id', '==', courseId).get();
      return new Map(
        found.docs.map((doc) => [
          String(doc.get('question_id') ?? ''),
          {
            firstAnswers: countOf(doc.get('first_answers')),
            firstCorrect: countOf(doc.get('first_correct')),
          },
        ]),
      );
    },

    /**
     * Topic id → its questions in the snapshot `version` (one query; none once the course is
     * unpublished, which deletes them).
     */
    async publishedQuestions(
      { courseId }: CoursePath,
      version: number,
    ): Promise<Map<string, PublishedQuestion[]>> {
      const found = await publishedQuestionsCollection(db())
        .where('course_id', '==', courseId)
        .where('version', '==', version)
        .get();
      const byTopic = new Map<string, PublishedQuestion[]>();
      for (const doc of found.docs) {
        const questions = questionsOfSchema.safeParse(doc.get('questions'));
        const topicId = doc.get('topic_id');
        if (questions.success && typeof topicId === 'string') byTopic.set(topicId, questions.data);
      }
      return byTopic;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
