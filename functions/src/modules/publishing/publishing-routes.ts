import {
  PUBLISHING_MESSAGES,
  publicationListingSchema,
  publishRequestSchema,
} from '@coursecraft/contracts';
import { Router, type Response } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf } from '../outline';
import type { AnalyticsService } from './analytics-service';
import type { PublishingService } from './publishing-service';

const noStore = (res: Response) => res.set('cache-control', 'private, no-store');

/** The author's publish, unpublish and analytics of an owned course (anonymous guests refused). */
export function publishingRoutes(
  { publishing, analytics }: { publishing: PublishingService; analytics: AnalyticsService },
  { signedIn, limit }: Guards,
): Router {
  const router = Router();

  const publish = '/courses/:courseId/publish';
  router.post(publish, signedIn, limit('publish'), async (req, res) => {
    const readBody = () => validate(publishRequestSchema, req.body ?? {});
    const publication = await publishing.publish(uidOf(res), coursePathOf(req.params), readBody);
    noStore(res).json(publication);
  });
  router.put(`${publish}/listing`, signedIn, limit('publish'), async (req, res) => {
    const readBody = () => validate(publicationListingSchema, req.body);
    noStore(res).json(await publishing.setListing(uidOf(res), coursePathOf(req.params), readBody));
  });
  router.get(publish, signedIn, async (req, res) => {
    noStore(res).json(await publishing.status(uidOf(res), coursePathOf(req.params)));
  });
  router.delete(publish, signedIn, async (req, res) => {
    await publishing.unpublish(uidOf(res), coursePathOf(req.params));
    noStore(res).json({ message: PUBLISHING_MESSAGES.unpublished });
  });
  router.get('/courses/:courseId/analytics', signedIn, async (req, res) => {
    noStore(res).json(await analytics.analytics(uidOf(res), coursePathOf(req.params)));
  });

  return router;
}
