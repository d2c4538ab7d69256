import { Router } from 'express';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf } from '../outline';
import type { GroundingService } from './grounding-types';

/** The owner's lessons citing a source since removed or replaced (Source changed). */
export function groundingRoutes(grounding: GroundingService, { signedIn }: Guards): Router {
  const router = Router();

  router.get('/courses/:courseId/changed_lessons', signedIn, async (req, res) => {
    res.json(await grounding.changedLessons(uidOf(res), coursePathOf(req.params)));
  });

  return router;
}
