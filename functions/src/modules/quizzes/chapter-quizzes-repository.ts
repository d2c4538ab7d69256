import { chapterQuizSettingsOf, type ChapterQuizSettings } from '@coursecraft/contracts';
import type { Firestore } from 'firebase-admin/firestore';
import { db as defaultDb } from '../../lib/firestore/db';
import { deleteInBatches, setInBatches } from '../../lib/firestore/batches';
import { Timestamp } from '../../lib/firestore/sdk';
import {
  chapterQuizRef,
  chapterQuizzesCollection,
  chapterRef,
  type ChapterPath,
  type CoursePath,
} from '../../lib/firestore/paths';

const storedFields = (
  courseId: string,
  chapterId: string,
  settings: ChapterQuizSettings,
  now: Timestamp,
) => ({ course_id: courseId, chapter_id: chapterId, settings, updated_at: now });

/**
 * A chapter's quiz settings in one document `chapter_quizzes/{courseId}_{chapterId}`, keyed by
 * course and chapter id; a chapter whose author never saved any has none and reads as the
 * defaults. The one code that touches the collection.
 */
export function chapterQuizzesRepository(db: () => Firestore = defaultDb) {
  const ofCourse = ({ courseId }: CoursePath) =>
    chapterQuizzesCollection(db()).where('course_id', '==', courseId);

  return {
    /** The chapter's settings; the defaults when none are stored. */
    async read(path: ChapterPath): Promise<ChapterQuizSettings> {
      return chapterQuizSettingsOf((await chapterQuizRef(db(), path).get()).get('settings'));
    },

    /**
     * Stores the chapter's settings whole, in one transaction that reads the chapter first:
     * answers them, or null (nothing written) when the chapter no longer exists.
     */
    async save(
      path: ChapterPath,
      settings: ChapterQuizSettings,
    ): Promise<ChapterQuizSettings | null> {
      return db().runTransaction(async (tx) => {
        const chapter = await tx.get(chapterRef(db(), path));
        if (!chapter.exists) return null;
        tx.set(
          chapterQuizRef(db(), path),
          storedFields(path.courseId, path.chapterId, settings, Timestamp.now()),
        );
        return settings;
      });
    },

    /** The stored settings of every chapter of a course that has some, by chapter id (one query). */
    async listCourse(path: CoursePath): Promise<Map<string, ChapterQuizSettings>> {
      const found = await ofCourse(path).get();
      const byChapter = new Map<string, ChapterQuizSettings>();
      for (const doc of found.docs) {
        const chapterId: unknown = doc.get('chapter_id');
        if (typeof chapterId === 'string') {
          byChapter.set(chapterId, chapterQuizSettingsOf(doc.get('settings')));
        }
      }
      return byChapter;
    },

    /**
     * Stores the settings of a new course's chapters (an import): only for a course no one else
     * writes yet, so no transaction is needed.
     */
    async saveCourse(
      path: CoursePath,
      byChapter: ReadonlyMap<string, ChapterQuizSettings>,
    ): Promise<void> {
      const now = Timestamp.now();
      await setInBatches(
        db(),
        [...byChapter].map(
          ([chapterId, settings]) =>
            [
              chapterQuizRef(db(), { courseId: path.courseId, chapterId }),
              storedFields(path.courseId, chapterId, settings, now),
            ] as const,
        ),
      );
    },

    /** Deletes the settings of the given chapters of a course. */
    async deleteChapters(path: CoursePath, chapterIds: readonly string[]): Promise<void> {
      await deleteInBatches(
        db(),
        chapterIds.map((chapterId) => chapterQuizRef(db(), { courseId: path.courseId, chapterId })),
      );
    },

    /** Deletes the settings of every chapter of the course. */
    async deleteCourse(path: CoursePath): Promise<void> {
      const found = await ofCourse(path).select().get();
      await deleteInBatches(
        db(),
        found.docs.map((doc) => doc.ref),
      );
    },
  };
}

export type ChapterQuizzesRepository = ReturnType<typeof chapterQuizzesRepository>;
