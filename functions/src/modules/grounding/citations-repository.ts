import * as z from 'zod';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { db as defaultDb } from '../../lib/firestore/db';
import { deleteInBatches } from '../../lib/firestore/batches';
import { Timestamp } from '../../lib/firestore/sdk';
import {
  lessonCitationsCollection,
  lessonCitationsRef,
  topicRef,
  type CoursePath,
  type TopicPath,
} from '../../lib/firestore/paths';
import type { CitedSource } from './grounding-types';

/** The sources one topic's stored lesson cites, as `lesson_citations` keeps them. */
export interface LessonCitations {
  /** Where the topic was when its lesson was written (a move keeps the record, by topic id). */
  path: TopicPath;
  sources: CitedSource[];
}

const storedCitationsSchema = z.object({
  course_id: z.string(),
  subject_id: z.string(),
  chapter_id: z.string(),
  topic_id: z.string(),
  sources: z.array(
    z.object({ source_id: z.string(), generation: z.number(), name: z.string().catch('') }),
  ),
});

function citationsOf(data: DocumentData | undefined): LessonCitations | null {
  const parsed = storedCitationsSchema.safeParse(data);
  if (!parsed.success) {
    if (data) console.error('A lesson_citations document does not parse', parsed.error.issues);
    return null;
  }
  const { course_id, subject_id, chapter_id, topic_id, sources } = parsed.data;
  return {
    path: { courseId: course_id, subjectId: subject_id, chapterId: chapter_id, topicId: topic_id },
    sources: sources.map(({ source_id, generation, name }) => ({
      sourceId: source_id,
      generation,
      name,
    })),
  };
}

/**
 * `lesson_citations/{courseId}_{topicId}`: the sources each topic's stored lesson cites, one
 * document per topic with citations, keyed by course and topic id. The one code that touches
 * the collection.
 */
export function citationsRepository(db: () => Firestore = defaultDb) {
  const ofCourse = ({ courseId }: CoursePath) =>
    lessonCitationsCollection(db()).where('course_id', '==', courseId);

  return {
    /**
     * Stores what the topic's lesson cites, or deletes the record when it cites nothing. Nothing
     * is written for a topic that no longer exists, so a deleted topic leaves no record behind.
     */
    async write(path: TopicPath, sources: readonly CitedSource[]): Promise<void> {
      const ref = lessonCitationsRef(db(), path);
      await db().runTransaction(async (tx) => {
        const topic = await tx.get(topicRef(db(), path));
        if (sources.length === 0 || !topic.exists) {
          tx.delete(ref);
          return;
        }
        tx.set(ref, {
          course_id: path.courseId,
          subject_id: path.subjectId,
          chapter_id: path.chapterId,
          topic_id: path.topicId,
          sources: sources.map(({ sourceId, generation, name }) => ({
            source_id: sourceId,
            generation,
            name,
          })),
          updated_at: Timestamp.now(),
        });
      });
    },

    /** Every record of the course. */
    async listCourse(path: CoursePath): Promise<LessonCitations[]> {
      const found = await ofCourse(path).get();
      return found.docs
        .map((doc) => citationsOf(doc.data()))
        .filter((record): record is LessonCitations => record !== null);
    },

    /** Deletes the records of the given topics of a course. */
    async deleteTopics(path: CoursePath, topicIds: readonly string[]): Promise<void> {
      await deleteInBatches(
        db(),
        topicIds.map((topicId) => lessonCitationsRef(db(), { courseId: path.courseId, topicId })),
      );
    },

    /** Deletes every record of the course. */
    async deleteCourse(path: CoursePath): Promise<void> {
      const found = await ofCourse(path).select().get();
      await deleteInBatches(
        db(),
        found.docs.map((doc) => doc.ref),
      );
    },
  };
}

export type CitationsRepository = ReturnType<typeof citationsRepository>;
