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

function citationsOf(data: DocumentData | undefined): LessonCitations | null {
  if (!data || !Array.isArray(data.sources)) return null;
  const sources = (data.sources as unknown[]).flatMap((source): CitedSource[] => {
    if (typeof source !== 'object' || source === null) return [];
    const { source_id: sourceId, generation, name } = source as Record<string, unknown>;
    if (typeof sourceId !== 'string' || typeof generation !== 'number') return [];
    return [{ sourceId, generation, name: typeof name === 'string' ? name : '' }];
  });
  return {
    path: {
      courseId: String(data.course_id),
      subjectId: String(data.subject_id),
      chapterId: String(data.chapter_id),
      topicId: String(data.topic_id),
    },
    sources,
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
