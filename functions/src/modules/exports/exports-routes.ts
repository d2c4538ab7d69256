import { Router } from 'express';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf } from '../courses/outline-params';
import type { ExportsService } from './exports-service';

/** Exports of a course, owner only. */
export function exportsRoutes(exports: ExportsService, { signedIn }: Guards): Router {
  const router = Router();

  router.get('/courses/:courseId/tree', signedIn, async (req, res) => {
    res.json(await exports.courseTree(uidOf(res), coursePathOf(req.params)));
  });

  return router;
}
