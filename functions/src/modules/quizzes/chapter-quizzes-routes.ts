import { chapterQuizSettingsSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { chapterPathOf } from '../outline';
import type { ChapterQuizzesService } from './chapter-quizzes-service';

/** A chapter's quiz settings, signed in and owner only; saving counts against its limit. */
export function chapterQuizzesRoutes(
  quizzes: ChapterQuizzesService,
  { signedIn, limit }: Guards,
): Router {
  const router = Router();
  const quiz = '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/quiz';

  router.get(quiz, signedIn, async (req, res) => {
    res.json(await quizzes.read(uidOf(res), chapterPathOf(req.params)));
  });
  router.put(quiz, signedIn, limit('quiz-settings'), async (req, res) => {
    const readBody = () => validate(chapterQuizSettingsSchema, req.body);
    res.json(await quizzes.save(uidOf(res), chapterPathOf(req.params), readBody));
  });

  return router;
}
