import { generateQuestionsInputSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { topicPathOf } from '../outline';
import type { QuestionGenerationService } from './question-generation-service';

/**
 * `POST .../topics/{t}/generate_questions`, signed in, owner only, limited as an AI request. The
 * body is optional (none adds questions); it is read after the ownership check.
 */
export function questionGenerationRoutes(
  generation: QuestionGenerationService,
  { signedIn, limit }: Guards,
): Router {
  const router = Router();
  router.post(
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_questions',
    signedIn,
    limit('ai'),
    async (req, res) => {
      const readBody = () => validate(generateQuestionsInputSchema, req.body ?? {});
      res.json(await generation.generateQuestions(uidOf(res), topicPathOf(req.params), readBody));
    },
  );
  return router;
}
