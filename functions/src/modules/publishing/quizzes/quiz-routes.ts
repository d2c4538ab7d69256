import { quizSubmissionSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../../lib/validate';
import { deferredLimitOf } from '../../../middleware/deferred-limits';
import type { Guards } from '../../../middleware/guards';
import { uidOf } from '../../../middleware/request-caller';
import type { LearnerQuizService } from './learner-quiz-service';

const paramOf = (params: Record<string, unknown>, name: string): string =>
  typeof params[name] === 'string' ? params[name] : '';

/** A learner's chapter quiz attempts under `/learn/{slug}`, for the caller's own account. */
export function quizRoutes(
  quizzes: LearnerQuizService,
  { learner, limit, limitLater }: Pick<Guards, 'learner' | 'limit' | 'limitLater'>,
): Router {
  const router = Router();
  const attempts = '/learn/:slug/chapters/:chapterId/attempts';

  router.post(attempts, learner, limit('quiz'), limitLater('new-learner'), async (req, res) => {
    const admitNewLearner = deferredLimitOf(res, 'new-learner');
    const [slug, chapterId] = [paramOf(req.params, 'slug'), paramOf(req.params, 'chapterId')];
    const { created, attempt } = await quizzes.start(slug, chapterId, uidOf(res), admitNewLearner);
    res
      .set('cache-control', 'private, no-store')
      .status(created ? 201 : 200)
      .json(attempt);
  });
  router.post(`${attempts}/:attemptId/submit`, learner, limit('quiz'), async (req, res) => {
    const readBody = () => validate(quizSubmissionSchema, req.body);
    const [slug, chapterId, attemptId] = ['slug', 'chapterId', 'attemptId'].map((name) =>
      paramOf(req.params, name),
    ) as [string, string, string];
    res
      .set('cache-control', 'private, no-store')
      .json(await quizzes.submit(slug, chapterId, attemptId, uidOf(res), readBody));
  });

  return router;
}
