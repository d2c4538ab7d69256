import { PUBLISHING_MESSAGES, learnerProgressInputSchema } from '@coursecraft/contracts';
import { Router, type Response } from 'express';
import { HttpError } from '../../lib/http-error';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf } from '../courses/outline-params';
import { LEARN_NOT_FOUND, type PublishingService } from './publishing-service';

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

/**
 * The author's publish, unpublish and analytics of an owned course (signed in, anonymous guests
 * refused), and the learner's side under `/learn/{slug}`: the snapshot and its lessons for
 * anyone, progress for the caller's own account (anonymous guests included).
 */
export function publishingRoutes(
  publishing: PublishingService,
  { signedIn, learner, limit }: Guards,
): Router {
  const router = Router();

  const publish = '/courses/:courseId/publish';
  router.post(publish, signedIn, async (req, res) => {
    const publication = await publishing.publish(uidOf(res), coursePathOf(req.params));
    noStore(res).json(publication);
  });
  router.get(publish, signedIn, async (req, res) => {
    noStore(res).json(await publishing.status(uidOf(res), coursePathOf(req.params)));
  });
  router.delete(publish, signedIn, async (req, res) => {
    await publishing.unpublish(uidOf(res), coursePathOf(req.params));
    noStore(res).json({ message: PUBLISHING_MESSAGES.unpublished });
  });
  router.get('/courses/:courseId/analytics', signedIn, async (req, res) => {
    noStore(res).json(await publishing.analytics(uidOf(res), coursePathOf(req.params)));
  });

  router.get('/learn/:slug', async (req, res) => {
    const course = await publishing.learnerCourse(req.params.slug);
    res.set('cache-control', PUBLIC_SNAPSHOT).json(course);
  });
  router.get('/learn/:slug/topics/:topicId', async (req, res) => {
    const { slug, topicId } = req.params;
    const lesson = await publishing.learnerLesson(slug, topicId, versionOf(req.query.v));
    res.set('cache-control', PUBLIC_SNAPSHOT).json(lesson);
  });

  const progress = '/learn/:slug/progress';
  router.get(progress, learner, async (req, res) => {
    noStore(res).json(await publishing.progress(slugOf(req.params), uidOf(res)));
  });
  router.put(progress, learner, limit('progress'), async (req, res) => {
    const readBody = () => validate(learnerProgressInputSchema, req.body);
    noStore(res).json(await publishing.saveProgress(slugOf(req.params), uidOf(res), readBody));
  });

  return router;
}
