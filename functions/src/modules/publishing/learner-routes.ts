import { learnerAnswersInputSchema, learnerProgressInputSchema } from '@coursecraft/contracts';
import { Router, type Response } from 'express';
import { HttpError } from '../../lib/http-error';
import { validate } from '../../lib/validate';
import { deferredLimitOf } from '../../middleware/deferred-limits';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import type { LearnerChecksService } from './learner-checks-service';
import type { LearnerService } from './learner-service';
import { LEARN_NOT_FOUND } from './not-found';

/** A snapshot never changes under its version, so shared caches may keep it briefly. */
const PUBLIC_SNAPSHOT = 'public, max-age=60, s-maxage=60';
const PRIVATE = 'private, no-store';

/** `?v=` as a positive integer, null without one; anything else names no version: 404. */
function versionOf(query: unknown): number | null {
  if (typeof query === 'undefined') return null;
  if (typeof query !== 'string' || !/^[1-9][0-9]{0,8}$/.test(query)) {
    throw new HttpError(404, 'NOT_FOUND', LEARN_NOT_FOUND);
  }
  return Number(query);
}

/** The slug of a `/learn/:slug` path; its shape is checked by the service (404). */
const slugOf = (params: Record<string, unknown>): string =>
  typeof params.slug === 'string' ? params.slug : '';

const noStore = (res: Response) => res.set('cache-control', PRIVATE);

const paramOf = (params: Record<string, unknown>, name: string): string =>
  typeof params[name] === 'string' ? params[name] : '';

/**
 * The learner's side under `/learn/{slug}`: the snapshot, its lessons and topic checks for
 * anyone; progress and answers for the caller's own account (anonymous guests included).
 */
export function learnerRoutes(
  { learning, checks }: { learning: LearnerService; checks: LearnerChecksService },
  { learner, limit, limitLater }: Guards,
): Router {
  const router = Router();

  router.get('/learn/:slug', async (req, res) => {
    const course = await learning.learnerCourse(req.params.slug);
    res.set('cache-control', PUBLIC_SNAPSHOT).json(course);
  });
  router.get('/learn/:slug/topics/:topicId', async (req, res) => {
    const { slug, topicId } = req.params;
    const lesson = await learning.learnerLesson(slug, topicId, versionOf(req.query.v));
    res.set('cache-control', PUBLIC_SNAPSHOT).json(lesson);
  });

  router.get('/learn/:slug/topics/:topicId/questions', async (req, res) => {
    const { slug, topicId } = req.params;
    const questions = await checks.questions(slug, topicId, versionOf(req.query.v));
    res.set('cache-control', PUBLIC_SNAPSHOT).json(questions);
  });
  router.post(
    '/learn/:slug/topics/:topicId/answers',
    learner,
    limit('answers'),
    async (req, res) => {
      const readBody = () => validate(learnerAnswersInputSchema, req.body);
      const [slug, topicId] = [paramOf(req.params, 'slug'), paramOf(req.params, 'topicId')];
      noStore(res).json(await checks.answer(slug, topicId, uidOf(res), readBody));
    },
  );

  const progress = '/learn/:slug/progress';
  router.get(progress, learner, async (req, res) => {
    noStore(res).json(await learning.progress(slugOf(req.params), uidOf(res)));
  });
  router.put(progress, learner, limit('progress'), limitLater('new-learner'), async (req, res) => {
    const readBody = () => validate(learnerProgressInputSchema, req.body);
    const admitNewLearner = deferredLimitOf(res, 'new-learner');
    noStore(res).json(
      await learning.saveProgress(slugOf(req.params), uidOf(res), readBody, admitNewLearner),
    );
  });

  return router;
}
