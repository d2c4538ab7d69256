import type { ChapterQuiz, ChapterQuizSettings } from '@coursecraft/contracts';
import type { BodyReader } from '../../lib/body-reader';
import type { ChapterPath, OutlinePath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import {
  OUTLINE_NOT_FOUND,
  ownedOutline,
  type NodeDeletionHandler,
  type Outline,
} from '../outline';
import type { QuestionsRepository } from '../questions';
import type { ChapterQuizzesRepository } from './chapter-quizzes-repository';

export interface ChapterQuizzesDependencies {
  outline: Outline;
  quizzes: ChapterQuizzesRepository;
  questions: Pick<QuestionsRepository, 'countTopics'>;
}

const chapterGone = () => new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND.chapterId);

/** The ids of the chapters at or below a subject or chapter path (none for a topic's). */
async function chapterIdsBelow(
  outline: Pick<Outline, 'listChapters'>,
  { courseId, subjectId, chapterId, topicId }: OutlinePath,
): Promise<string[]> {
  if (topicId || !subjectId) return [];
  if (chapterId) return [chapterId];
  return (await outline.listChapters({ courseId, subjectId })).map((chapter) => chapter.id);
}

/**
 * A chapter's quiz settings as its author manages them. Every path segment is checked for the
 * caller first (404 as the outline's routes), the body read after.
 */
export function chapterQuizzesService({ outline, quizzes, questions }: ChapterQuizzesDependencies) {
  const owned = ownedOutline(outline);

  /** How many questions the chapter's topics hold now, quiz-only ones included. */
  async function poolSize(path: ChapterPath): Promise<number> {
    const topics = await outline.listTopics(path);
    return questions.countTopics(
      path,
      topics.map((topic) => topic.id),
    );
  }

  return {
    async read(uid: string, path: ChapterPath): Promise<ChapterQuiz> {
      await owned.chapter(uid, path);
      const [settings, pool_size] = await Promise.all([quizzes.read(path), poolSize(path)]);
      return { settings, pool_size };
    },

    /** Stores the settings whole; a chapter deleted meanwhile is a 404 and nothing is stored. */
    async save(
      uid: string,
      path: ChapterPath,
      readBody: BodyReader<ChapterQuizSettings>,
    ): Promise<ChapterQuiz> {
      await owned.chapter(uid, path);
      const saved = await quizzes.save(path, readBody());
      if (!saved) throw chapterGone();
      return { settings: saved, pool_size: await poolSize(path) };
    },

    /**
     * The outline's deletion handler. The settings of a deleted node's chapters go after its
     * tree (a save reads its chapter in its transaction, so none lands on a deleted chapter); a
     * course's go before too, so a failure refuses the deletion and a retry finds the course.
     * Settings are keyed by course and chapter id; a topic's deletion leaves them alone.
     */
    forgetDeletedQuizzes: (async ({ level, path }, deleteNode) => {
      if (level === 'course') {
        await quizzes.deleteCourse(path);
        await deleteNode();
        await quizzes.deleteCourse(path);
        return;
      }
      const chapterIds = await chapterIdsBelow(outline, path);
      await deleteNode();
      await quizzes.deleteChapters(path, chapterIds);
    }) satisfies NodeDeletionHandler,
  };
}

export type ChapterQuizzesService = ReturnType<typeof chapterQuizzesService>;
