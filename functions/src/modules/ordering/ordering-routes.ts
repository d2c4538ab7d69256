import { moveTopicInputSchema, reorderInputSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { chapterPathOf, coursePathOf, subjectPathOf, topicPathOf } from '../outline';
import type { OrderingService } from './ordering-service';

/**
 * The order of `/courses/*` lists and the move of a topic, all signed in and owner only. Mounted
 * before the courses router, whose `/:subjectId` patterns would otherwise see `order` as an id.
 */
export function orderingRoutes(ordering: OrderingService, { signedIn }: Guards): Router {
  const router = Router();
  const subjects = '/courses/:courseId/subjects';
  const chapters = `${subjects}/:subjectId/chapters`;
  const topics = `${chapters}/:chapterId/topics`;

  router.put(`${subjects}/order`, signedIn, async (req, res) => {
    const readBody = () => validate(reorderInputSchema, req.body);
    res.json(await ordering.reorderSubjects(uidOf(res), coursePathOf(req.params), readBody));
  });
  router.put(`${chapters}/order`, signedIn, async (req, res) => {
    const readBody = () => validate(reorderInputSchema, req.body);
    res.json(await ordering.reorderChapters(uidOf(res), subjectPathOf(req.params), readBody));
  });
  router.put(`${topics}/order`, signedIn, async (req, res) => {
    const readBody = () => validate(reorderInputSchema, req.body);
    res.json(await ordering.reorderTopics(uidOf(res), chapterPathOf(req.params), readBody));
  });
  router.post(`${topics}/:topicId/move`, signedIn, async (req, res) => {
    const readBody = () => validate(moveTopicInputSchema, req.body);
    res.json(await ordering.moveTopic(uidOf(res), topicPathOf(req.params), readBody));
  });

  return router;
}
